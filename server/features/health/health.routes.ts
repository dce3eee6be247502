import { sql } from 'kysely';
import type { FastifyZod } from '../../http/fastify.ts';
import type { AppContext } from '../../http/context.ts';
import { healthResponse } from '../../../common/api.ts';
import { AppError } from '../../http/errors.ts';

export async function healthRoutes(app: FastifyZod, ctx: AppContext) {
  app.get(
    '/api/health',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: healthResponse } } },
    async () => {
      try {
        await sql`select 1`.execute(ctx.db);
        await ctx.blobs.check();
      } catch (error) {
        ctx.logger.error({ err: error }, 'health check failed');
        throw new AppError(503, 'UNHEALTHY', 'The database or the file store does not answer.');
      }
      return { status: 'ok' as const };
    },
  );
}
