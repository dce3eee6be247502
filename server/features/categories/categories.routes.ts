import { idParams } from '#common/api/shared.ts';
import {
  adminCategoriesResponse,
  adminCategoryListQuery,
  adminCategoryListResponse,
  adminCategoryStatsResponse,
  categoriesResponse,
  categoryResponse,
  createCategoryBody,
  updateCategoryBody,
} from '#common/api/categories.ts';
import { defineFeature } from '#server/http/feature.ts';
import {
  createCategory,
  deleteCategory,
  getCategoryStats,
  listAdminCategories,
  listAllCategories,
  listPublicCategories,
  updateCategory,
} from './categories.service.ts';

export const categoriesFeature = defineFeature({
  name: 'categories',
  public(routes, ctx) {
    routes.get(
      '',
      { config: { permission: 'gallery:browse' }, schema: { response: { 200: categoriesResponse } } },
      async (request) => listPublicCategories(ctx, await request.actor(), {}),
    );
  },
  admin(routes, ctx) {
    routes.get(
      '',
      { config: { permission: 'category:manage' }, schema: { response: { 200: adminCategoriesResponse } } },
      async (request) => listAllCategories(ctx, await request.actor(), {}),
    );

    routes.post(
      '',
      {
        config: { permission: 'category:manage' },
        schema: { body: createCategoryBody, response: { 201: categoryResponse } },
      },
      async (request, reply) =>
        reply.status(201).send({ category: await createCategory(ctx, await request.actor(), request.body) }),
    );

    // The categories screen's cards (GET '' stays the plain list the media screen's pickers read).
    routes.get(
      '/cards',
      {
        config: { permission: 'category:manage' },
        schema: { querystring: adminCategoryListQuery, response: { 200: adminCategoryListResponse } },
      },
      async (request) => listAdminCategories(ctx, await request.actor(), request.query),
    );

    routes.get(
      '/stats',
      {
        config: { permission: 'category:manage' },
        schema: { response: { 200: adminCategoryStatsResponse } },
      },
      async (request) => getCategoryStats(ctx, await request.actor(), {}),
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'category:manage' },
        schema: { params: idParams, body: updateCategoryBody, response: { 200: categoryResponse } },
      },
      async (request) => ({
        category: await updateCategory(ctx, await request.actor(), {
          ...request.body,
          id: request.params.id,
        }),
      }),
    );

    routes.delete(
      '/:id',
      {
        config: { permission: 'category:manage' },
        schema: { params: idParams },
      },
      async (request, reply) => {
        await deleteCategory(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );
  },
});
