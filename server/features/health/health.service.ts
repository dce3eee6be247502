import type { Actor } from '#common/permissions.ts';
import { pingDatabase } from '#server/db/database.ts';
import type { AppContext } from '#server/http/context.ts';
import { AppError } from '#server/errors.ts';

/** GET /api/health: 200 when the database and the file store answer (DESIGN.md §3). */
export async function checkHealth(ctx: AppContext, _actor: Actor, _input: Record<string, never>) {
  try {
    await pingDatabase(ctx.db);
    await ctx.blobs.check();
  } catch (error) {
    ctx.logger.error({ err: error }, 'health check failed');
    throw new AppError(503, 'UNHEALTHY', 'The database or the file store does not answer.');
  }
  return { status: 'ok' as const };
}
