import { expect } from 'vitest';

/**
 * A refusal checked by what it says, not by its status alone: the status, the error code and,
 * for a refused body, the fields the issues name.
 */
export function expectRefusal(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
  fields?: string[],
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { code: string; issues?: { path: string }[] };
  expect(body.code, res.body).toBe(code);
  if (fields) expect(body.issues?.map((issue) => issue.path)).toEqual(expect.arrayContaining(fields));
}
