import { parentPort, workerData } from 'node:worker_threads';
import { newPostgresDb } from '#server/db/postgres-pool.ts';
import { writePages } from './oai-records.ts';
import { listRecords } from './oai.repository.ts';
import { OAI_THREAD_APPLICATION, type PagesAsked, type PagesWritten } from './oai-thread.ts';

/**
 * A harvest's own thread (oai-thread.ts): reads a list's rows from PostgreSQL on a connection of
 * its own and writes their records, so the server's thread only sends the bytes.
 */
const { connectionString } = workerData as { connectionString: string };
const db = newPostgresDb(connectionString, 2, OAI_THREAD_APPLICATION);
const port = parentPort;
if (!port) throw new Error('oai-worker runs as a worker thread');

port.on('message', async (asked: PagesAsked) => {
  let answer: PagesWritten;
  try {
    const rows = await listRecords(db, asked.filter, asked.limit);
    answer = { id: asked.id, pages: writePages(rows, asked.pageSize, asked.pages, asked.site) };
  } catch (error) {
    answer = { id: asked.id, error: error instanceof Error ? error.message : String(error) };
  }
  // The records' bytes are handed over, not copied.
  port.postMessage(
    answer,
    'pages' in answer ? answer.pages.map((page) => page.records.buffer as ArrayBuffer) : [],
  );
});
