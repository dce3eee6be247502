import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';

/**
 * The plans of the very statements `run` sends (a repository function, say): each is captured as
 * Kysely compiles it, run as usual, then explained with its own parameters. `off` names planner
 * settings turned off for the explains (e.g. enable_seqscan on a tiny test table, so the plan shows
 * whether an index can serve the statement at all), in one transaction that drops them after.
 */
export async function explainStatements(
  db: Db,
  run: (db: Db) => Promise<unknown>,
  off: readonly string[] = [],
): Promise<string[]> {
  const nodes: { node: RootOperationNode; queryId: QueryId }[] = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      nodes.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await run(db.withPlugin(capture));
  return db.transaction().execute(async (trx) => {
    for (const setting of off) await sql`select set_config(${setting}, 'off', true)`.execute(trx);
    const plans: string[] = [];
    for (const { node, queryId } of nodes) {
      const compiled = db.getExecutor().compileQuery(node, queryId);
      const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  });
}
