import { setUserActiveBody, setUserActiveResponse, userIdParams } from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { setUserActive } from './users.service.ts';

export async function usersRoutes(app: FastifyZod, ctx: AppContext) {
  app.patch(
    '/api/users/:id/active',
    {
      config: { permission: 'user:manage' },
      schema: { params: userIdParams, body: setUserActiveBody, response: { 200: setUserActiveResponse } },
    },
    async (request) => setUserActive(ctx.db, await request.actor(), request.params.id, request.body.isActive),
  );
}
