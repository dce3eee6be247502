import { expect } from 'vitest';
import { TEST_ORIGIN, type TestApp } from '#server/test/harness.ts';
import { multipartUpload } from '#server/test/multipart.ts';

/** Uploads a file as staff through the API, runs its derivatives job, and returns the item's id. */
export async function uploadForTest(
  t: TestApp,
  cookie: string,
  path: string,
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipartUpload(fields, { path });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/media',
    payload,
    headers: { ...headers, cookie, origin: TEST_ORIGIN },
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.jobs.drain();
  return res.json().media.id as string;
}
