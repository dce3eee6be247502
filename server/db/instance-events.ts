import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * What one server instance tells the others sharing its PostgreSQL database (issue 13 part 7):
 * a submission changed (the live review streams), an account's rights changed (streams it holds
 * end), a write happened (the anonymous answer cache is dropped). Sent with NOTIFY on one channel
 * and received by each instance on a connection of its own that LISTENs.
 *
 * Each instance delivers its own messages to itself at once, in process (the publishers do), and
 * sends them to the others here: a message an instance receives from itself is ignored. Without
 * PostgreSQL (PGlite: one process) nothing is sent.
 */
export const INSTANCE_CHANNEL = 'archive_instance_events';
/** NOTIFY payloads must stay under 8000 bytes; ours are a few dozen. */
const MAX_PAYLOAD = 7_000;
const RECONNECT_MS = 1_000;

const instanceId = randomUUID();
const handlers = new Map<string, Set<(payload: string) => void>>();
const gapListeners = new Set<() => void>();
let sender: ((message: string) => void) | undefined;

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Calls `deliver` with each `topic` message another instance sends; returns the function that stops it. */
export function onOtherInstances(topic: string, deliver: (payload: string) => void): () => void {
  const set = handlers.get(topic) ?? new Set();
  handlers.set(topic, set);
  set.add(deliver);
  return () => set.delete(deliver);
}

/**
 * Calls `listener` each time the listening connection is taken again after it dropped: what the
 * other instances said meanwhile is lost (NOTIFY keeps nothing for a session that is not there),
 * so each subscriber assumes the worst (kept answers are dropped, held streams end and their
 * browsers reconnect and reload). Returns the function that stops it.
 */
export function onInstanceEventsGap(listener: () => void): () => void {
  gapListeners.add(listener);
  return () => gapListeners.delete(listener);
}

/** Sends `payload` under `topic` to every other instance (nothing when this one is alone). */
export function tellOtherInstances(topic: string, payload = ''): void {
  if (!sender) return;
  const message = JSON.stringify({ from: instanceId, topic, payload });
  if (Buffer.byteLength(message) > MAX_PAYLOAD) throw new Error(`instance event ${topic} is too large`);
  sender(message);
}

function receive(message: string) {
  let parsed: { from?: string; topic?: string; payload?: string };
  try {
    parsed = JSON.parse(message) as typeof parsed;
  } catch {
    return;
  }
  if (parsed.from === instanceId || typeof parsed.topic !== 'string') return;
  for (const deliver of handlers.get(parsed.topic) ?? []) deliver(parsed.payload ?? '');
}

/**
 * Listens on a dedicated connection (taken again after it drops) and sends through it. Resolves
 * once listening; the answer closes it.
 */
export async function startInstanceEvents(connectionString: string, logger: Logger) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** Messages sent while the connection is being taken again go once it is back. */
  let backlog: string[] = [];

  const send = (message: string) => {
    if (!client) {
      if (backlog.length < 1_000) backlog.push(message);
      return;
    }
    client.query('select pg_notify($1, $2)', [INSTANCE_CHANNEL, message]).catch((error: Error) => {
      logger.error({ err: error.message }, 'could not tell the other instances');
    });
  };

  const connect = async (afterGap: boolean) => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000 });
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      next.end().catch(() => {});
      if (closed) return;
      logger.error({ err: error.message }, 'instance events connection lost; taking it again');
      retry = setTimeout(reconnect, RECONNECT_MS);
      retry.unref();
    };
    next.on('error', onLost);
    next.on('end', () => onLost(new Error('the connection ended')));
    next.on('notification', (note) => {
      if (note.channel === INSTANCE_CHANNEL && note.payload) receive(note.payload);
    });
    await next.connect();
    await next.query(`listen ${INSTANCE_CHANNEL}`);
    client = next;
    if (afterGap) {
      logger.info({}, 'instance events connection taken again; what may have changed meanwhile is dropped');
      for (const listener of gapListeners) listener();
    }
    const waiting = backlog;
    backlog = [];
    for (const message of waiting) send(message);
  };
  const reconnect = () => {
    if (closed) return;
    connect(true).catch((error: Error) => {
      logger.error({ err: error.message }, 'instance events connection failed; trying again');
      retry = setTimeout(reconnect, RECONNECT_MS);
      retry.unref();
    });
  };

  await connect(false);
  sender = send;
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      if (sender === send) sender = undefined;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
