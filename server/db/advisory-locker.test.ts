import { randomUUID } from 'node:crypto';
import { ERRORS } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { createAdvisoryLocker } from './advisory-locker.ts';

/**
 * The lock resumable uploads take on PostgreSQL (server/db/advisory-locker.ts): two lockers stand
 * for two instances, each with connections of its own.
 */
const url = process.env.TEST_DATABASE_URL;
const reason = url ? '' : ' — SKIPPED: TEST_DATABASE_URL is not set (advisory locks need PostgreSQL)';

describe.skipIf(!url)(`the upload lock shared by instances${reason}`, () => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closing.reverse()) await close();
  });

  it('lets one instance at a time work on an upload, and the other take it once released', async () => {
    // Advisory locks need no table: the test server's database itself, with ids of this run.
    const upload1 = `upload-${randomUUID()}`;
    const upload2 = `upload-${randomUUID()}`;
    const first = createAdvisoryLocker(url!);
    const second = createAdvisoryLocker(url!, { acquireTimeoutMs: 300 });
    closing.push(first.close, second.close);

    let releaseAsked = 0;
    const held = first.locker.newLock(upload1);
    await held.lock(new AbortController().signal, () => {
      releaseAsked += 1;
    });
    // The other instance cannot take it while it is held...
    await expect(second.locker.newLock(upload1).lock(new AbortController().signal, () => {})).rejects.toBe(
      ERRORS.ERR_LOCK_TIMEOUT,
    );
    // ...but another upload's lock is free.
    const other = second.locker.newLock(upload2);
    await other.lock(new AbortController().signal, () => {});
    await other.unlock();
    // Within one instance a second request asks the holder to let go, as tus' memory locker does.
    const again = first.locker.newLock(upload1);
    const waiting = again.lock(AbortSignal.timeout(5_000), () => {});
    await expect.poll(() => releaseAsked).toBeGreaterThan(0);
    await held.unlock();
    await waiting;
    await again.unlock();
    // Released there, the other instance takes it.
    const taken = second.locker.newLock(upload1);
    await taken.lock(new AbortController().signal, () => {});
    await taken.unlock();
  });
});
