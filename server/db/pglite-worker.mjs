// The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly: every query,
// and the making and parsing of every result row, is synchronous CPU work. Here it never holds the
// server's event loop; the main thread only sends SQL and receives rows (server/db/pglite-thread.ts).
//
// Plain JavaScript on purpose: a worker thread starts without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** @type {{ dataDir?: string, loadDataDir?: ArrayBuffer, settings: Record<string, string>, wasmModule?: WebAssembly.Module }} */
const { dataDir, loadDataDir, settings, wasmModule } = workerData;

const ready = PGlite.create({
  dataDir,
  startParams: [
    ...PGlite.defaultStartParams,
    ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ],
  extensions: { pg_trgm, unaccent },
  loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined,
  pgliteWasmModule: wasmModule,
});

// Requests are answered strictly in the order they arrive: the main thread relies on it (a query
// sent after `begin` runs inside that transaction).
let chain = ready.then(
  () => parentPort.postMessage({ id: 0, ok: true }),
  (error) => parentPort.postMessage({ id: 0, error: serializeError(error) }),
);

parentPort.on('message', (message) => {
  chain = chain.then(() => handle(message));
});

/** @param {{ id: number, op: 'query' | 'dump' | 'close', sql?: string, params?: unknown[] }} message */
async function handle(message) {
  const { id, op } = message;
  try {
    const client = await ready;
    if (op === 'query') {
      const result = await client.query(message.sql, message.params);
      parentPort.postMessage({ id, ok: true, rows: result.rows, affectedRows: result.affectedRows });
    } else if (op === 'dump') {
      const blob = await client.dumpDataDir('none');
      const bytes = await blob.arrayBuffer();
      parentPort.postMessage({ id, ok: true, bytes }, [bytes]);
    } else if (op === 'close') {
      if (!client.closed) await client.close();
      parentPort.postMessage({ id, ok: true });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: serializeError(error) });
  }
}

/** A database error keeps its fields (code, constraint, detail…) across the thread boundary. */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    if (key === 'query' || key === 'params' || key === 'queryOptions') continue;
    fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}
