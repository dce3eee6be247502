import { categoryResponse, createCategoryBody } from '../../../common/api.ts';
import type { AppContext } from '../../http/context.ts';
import type { FastifyZod } from '../../http/fastify.ts';
import { createCategory } from './categories.service.ts';

export async function categoriesRoutes(app: FastifyZod, ctx: AppContext) {
  app.post(
    '/api/categories',
    {
      config: { permission: 'category:manage' },
      schema: { body: createCategoryBody, response: { 201: categoryResponse } },
    },
    async (request, reply) =>
      reply.status(201).send({ category: await createCategory(ctx, await request.actor(), request.body) }),
  );
}
