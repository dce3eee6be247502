import type { KyselyPlugin } from 'kysely';
import type { Db } from '#server/db/database.ts';

/**
 * A database object of its own over `db` (so nothing another has kept is kept for it: see
 * server/db/data-versions.ts), which writes down the SQL of every statement it sends as Kysely
 * compiles it. A statement's subqueries are compiled too, each as a statement of its own.
 */
export function recordingStatements(db: Db): { db: Db; sent: string[] } {
  const sent: string[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      sent.push(db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(capture), sent };
}
