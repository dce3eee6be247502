import { meResponse } from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { presentMe } from '../users/users.presenter.ts';

export async function accountRoutes(app: FastifyZod, _ctx: AppContext) {
  app.get(
    '/api/me',
    { config: { permission: 'gallery:browse' }, schema: { response: { 200: meResponse } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await request.user();
      return { user: user ? presentMe(user) : null };
    },
  );
}
