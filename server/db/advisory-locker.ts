import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';
import { onOtherInstances, tellOtherInstances } from './instance-events.ts';

/** The advisory lock class (first key) of resumable uploads; the second key is hashtext(id). */
export const UPLOAD_LOCK_CLASS = 0x54757355; // 'TusU'
const POLL_MS = 50;
/** How often a waiting request asks the holder (on any instance) to let go. */
const ASK_EVERY_MS = 1_000;

/**
 * A tus Locker shared by every instance on one PostgreSQL: a lock is the session advisory lock
 * (UPLOAD_LOCK_CLASS, hashtext(upload id)) held on a connection of its own for as long as the
 * request works on the upload, so a PATCH on one instance and a HEAD or PATCH on another never
 * interleave, and a lock dies with the process that held it. A request that wants a lock held
 * elsewhere asks its holder to let go (tus then ends the older request, as its memory locker
 * does within one process): in this process directly, on another through NOTIFY.
 */
export function createAdvisoryLocker(connectionString: string, options: { acquireTimeoutMs?: number } = {}) {
  const timeout = options.acquireTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString,
    max: 20,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A lock connection that drops (its lock gone with it) must not crash the process.
  pool.on('error', () => {});
  /** The release requests of the locks this process holds, by upload id. */
  const held = new Map<string, RequestRelease>();
  const stopListening = onOtherInstances('upload-lock-wanted', (id) => void held.get(id)?.());
  const askHolder = (id: string) => {
    const local = held.get(id);
    if (local) void local();
    else tellOtherInstances('upload-lock-wanted', id);
  };

  class AdvisoryLock implements Lock {
    private client: pg.PoolClient | undefined;
    private release: RequestRelease | undefined;
    constructor(private readonly id: string) {}

    async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
      const client = await pool.connect();
      const deadline = Date.now() + timeout;
      let asked = 0;
      try {
        for (;;) {
          const { rows } = await client.query<{ held: boolean }>(
            'select pg_try_advisory_lock($1, hashtext($2)) as held',
            [UPLOAD_LOCK_CLASS, this.id],
          );
          if (rows[0]?.held) break;
          if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
          if (Date.now() - asked >= ASK_EVERY_MS) {
            asked = Date.now();
            askHolder(this.id);
          }
          await new Promise((r) => setTimeout(r, POLL_MS));
        }
      } catch (error) {
        client.release();
        throw error;
      }
      this.client = client;
      this.release = requestRelease;
      held.set(this.id, requestRelease);
    }

    async unlock(): Promise<void> {
      const client = this.client;
      if (!client) throw new Error('Releasing an unlocked lock!');
      this.client = undefined;
      if (held.get(this.id) === this.release) held.delete(this.id);
      try {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [UPLOAD_LOCK_CLASS, this.id]);
        client.release();
      } catch (error) {
        // The connection is broken: drop it (the lock went with it).
        client.release(error as Error);
      }
    }
  }

  const locker: Locker = { newLock: (id) => new AdvisoryLock(id) };
  return {
    locker,
    async close() {
      stopListening();
      await pool.end();
    },
  };
}
