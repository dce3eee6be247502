import { idParams } from '#common/api/shared.ts';
import {
  adminUserResponse,
  createUserBody,
  passwordResetSentResponse,
  setUserActiveBody,
  setUserActiveResponse,
  syncUsersResponse,
  updateUserBody,
  userListQuery,
  userListResponse,
  userResponse,
  userStatsResponse,
} from '#common/api/users.ts';
import { defineFeature } from '#server/http/feature.ts';
import {
  createUser,
  deleteUser,
  getUserStats,
  listUsers,
  sendPasswordReset,
  setUserActive,
  syncUsers,
  updateUser,
} from './users.service.ts';

export const usersFeature = defineFeature({
  name: 'users',
  admin(routes, ctx) {
    routes.get(
      '',
      {
        config: { permission: 'user:manage' },
        schema: { querystring: userListQuery, response: { 200: userListResponse } },
      },
      async (request) => listUsers(ctx, await request.actor(), request.query),
    );

    routes.get(
      '/stats',
      { config: { permission: 'user:manage' }, schema: { response: { 200: userStatsResponse } } },
      async (request) => getUserStats(ctx, await request.actor(), {}),
    );

    routes.post(
      '',
      {
        config: { permission: 'user:manage' },
        schema: { body: createUserBody, response: { 201: userResponse } },
      },
      async (request, reply) =>
        reply.status(201).send({ user: await createUser(ctx, await request.actor(), request.body) }),
    );

    routes.post(
      '/sync',
      { config: { permission: 'user:manage' }, schema: { response: { 200: syncUsersResponse } } },
      async (request) => syncUsers(ctx, await request.actor(), {}),
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'user:manage' },
        schema: { params: idParams, body: updateUserBody, response: { 200: adminUserResponse } },
      },
      async (request) => ({
        user: await updateUser(ctx, await request.actor(), { id: request.params.id, ...request.body }),
      }),
    );

    routes.patch(
      '/:id/active',
      {
        config: { permission: 'user:manage' },
        schema: { params: idParams, body: setUserActiveBody, response: { 200: setUserActiveResponse } },
      },
      async (request) =>
        setUserActive(ctx, await request.actor(), { id: request.params.id, isActive: request.body.isActive }),
    );

    routes.post(
      '/:id/password-reset',
      {
        config: { permission: 'user:manage' },
        schema: { params: idParams, response: { 200: passwordResetSentResponse } },
      },
      async (request) => sendPasswordReset(ctx, await request.actor(), { id: request.params.id }),
    );

    routes.delete(
      '/:id',
      { config: { permission: 'user:delete' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteUser(ctx, await request.actor(), { id: request.params.id });
        return reply.status(204).send();
      },
    );
  },
});
