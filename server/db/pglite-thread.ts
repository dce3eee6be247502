import type { EventLoopUtilityFunction } from 'node:perf_hooks';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

interface Reply {
  id: number;
  ok?: true;
  rows?: unknown[];
  affectedRows?: number;
  bytes?: ArrayBuffer;
  error?: Record<string, unknown> & { message: string; name?: string };
}

/**
 * PGlite on a worker thread of its own (server/db/pglite-worker.mjs). The main thread only posts
 * SQL and receives rows, so a slow search or a big page of rows never holds the event loop, and the
 * database's work runs on the second core beside the HTTP work.
 */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      const waiter = this.#pending.get(reply.id);
      if (!waiter) return;
      this.#pending.delete(reply.id);
      if (reply.error) waiter.reject(rebuildError(reply.error));
      else waiter.resolve(reply);
    });
    // A crash of the database thread fails every waiting query instead of leaving it hanging.
    const fail = (error: Error) => {
      this.#closed = true;
      for (const waiter of this.#pending.values()) waiter.reject(error);
      this.#pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code})`)));
  }

  /**
   * Starts the thread and waits until PGlite has opened `dataDir` (or an in-memory copy), with
   * Postgres `settings` (pglite-options.ts) added to its start parameters.
   */
  static async start(options: {
    dataDir?: string;
    loadDataDir?: Blob;
    settings?: Record<string, string>;
  }): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const wasmModule = await compiledPglite();
    // Beside this module, or beside the production bundle (scripts/build-server.ts copies it).
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: options.dataDir, loadDataDir, settings: options.settings ?? {}, wasmModule },
      transferList: loadDataDir ? [loadDataDir] : [],
      // The thread needs no TypeScript loader (nor the inspector flags of the parent).
      execArgv: [],
    });
    const thread = new PgliteThread(worker);
    try {
      await thread.#request(0);
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return thread;
  }

  /** How busy the thread is: a query runs on it from start to end (see DatabaseHandle). */
  readonly eventLoopUtilization: EventLoopUtilityFunction = (...args) =>
    this.#worker.performance.eventLoopUtilization(...args);

  get closed(): boolean {
    return this.#closed;
  }

  async query(sql: string, params: readonly unknown[]): Promise<QueryResult<unknown>> {
    const reply = await this.#send({ op: 'query', sql, params });
    const rows = reply.rows ?? [];
    return reply.affectedRows ? { rows, numAffectedRows: BigInt(reply.affectedRows) } : { rows };
  }

  async dumpDataDir(): Promise<Blob> {
    const reply = await this.#send({ op: 'dump' });
    return new Blob([reply.bytes!]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      await this.#send({ op: 'close' });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }

  #send(message: {
    op: 'query' | 'dump' | 'close';
    sql?: string;
    params?: readonly unknown[];
  }): Promise<Reply> {
    if (this.#closed) return Promise.reject(new Error('The database is closed'));
    const id = this.#nextId++;
    const reply = this.#request(id);
    this.#worker.postMessage({ id, ...message });
    return reply;
  }

  #request(id: number): Promise<Reply> {
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve, reject }));
  }
}

let compiled: Promise<WebAssembly.Module> | undefined;
/**
 * PGlite's WebAssembly (10 MB), compiled once per process and given to each thread it starts: a
 * thread that compiled its own spent ~1.15 s of CPU opening a test database, ~0.75 s with this
 * (the tests open hundreds; a server opens one, for which it changes nothing).
 */
function compiledPglite(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await readFile(join(dirname(entry), 'pglite.wasm')));
  })();
  return compiled;
}

function rebuildError(fields: NonNullable<Reply['error']>): Error {
  const error = new Error(fields.message);
  Object.assign(error, fields);
  return error;
}

/**
 * Kysely over a PgliteThread. Queries outside a transaction are sent at once, without waiting for
 * the previous answer: the thread runs them back to back, in order. A transaction holds the
 * database alone from `begin` to its end, as the one PostgreSQL backend inside PGlite requires:
 * queries from elsewhere wait until it ends.
 */
export class PgliteThreadDialect implements Dialect {
  constructor(private readonly thread: PgliteThread) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteThreadDriver(this.thread);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Parameters<Dialect['createIntrospector']>[0]) {
    return new PostgresIntrospector(db);
  }
}

class PgliteThreadDriver implements Driver {
  /** Resolves when the transaction that holds the database (if any) has ended. */
  #transaction: Promise<void> | null = null;

  constructor(private readonly thread: PgliteThread) {}

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new ThreadConnection(this);
  }

  async releaseConnection() {}

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const own = connection as ThreadConnection;
    // No await between the last check and taking the database: two begins can't both see it free.
    while (this.#transaction) await this.#transaction;
    let end!: () => void;
    this.#transaction = new Promise<void>((resolve) => {
      end = resolve;
    });
    own.endTransaction = () => {
      this.#transaction = null;
      own.endTransaction = null;
      end();
    };
    const begin = settings.isolationLevel
      ? `start transaction isolation level ${settings.isolationLevel}`
      : 'begin';
    try {
      await own.run(begin);
    } catch (error) {
      own.endTransaction();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    await (connection as ThreadConnection).finish('commit');
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await (connection as ThreadConnection).finish('rollback');
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await (connection as ThreadConnection).run(`savepoint ${name}`);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await (connection as ThreadConnection).run(`rollback to savepoint ${name}`);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await (connection as ThreadConnection).run(`release savepoint ${name}`);
  }

  async destroy() {
    await this.thread.close();
  }

  /**
   * Sends a query; outside a transaction it first waits until no transaction holds the database.
   * No await between the last check and the send, so a `begin` can't slip in between.
   */
  async send(sql: string, params: readonly unknown[], inTransaction: boolean) {
    if (!inTransaction) while (this.#transaction) await this.#transaction;
    return this.thread.query(sql, params);
  }
}

class ThreadConnection implements DatabaseConnection {
  /** Set while this connection holds a transaction. */
  endTransaction: (() => void) | null = null;

  constructor(private readonly driver: PgliteThreadDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.driver.send(
      query.sql,
      query.parameters,
      this.endTransaction !== null,
    )) as QueryResult<R>;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }

  run(sql: string) {
    return this.driver.send(sql, [], true);
  }

  async finish(sql: 'commit' | 'rollback') {
    try {
      await this.run(sql);
    } finally {
      this.endTransaction?.();
    }
  }
}
