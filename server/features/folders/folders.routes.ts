import { idParams } from '#common/api/shared.ts';
import { folderBody, folderResponse, foldersResponse } from '#common/api/folders.ts';
import { defineFeature } from '#server/http/feature.ts';
import { createFolder, deleteFolder, listFolders, renameFolder } from './folders.service.ts';

export const foldersFeature = defineFeature({
  name: 'folders',
  admin(routes, ctx) {
    routes.get(
      '',
      { config: { permission: 'folder:manage' }, schema: { response: { 200: foldersResponse } } },
      async (request) => listFolders(ctx, await request.actor(), {}),
    );

    routes.post(
      '',
      {
        config: { permission: 'folder:manage' },
        schema: { body: folderBody, response: { 201: folderResponse } },
      },
      async (request, reply) =>
        reply.status(201).send({ folder: await createFolder(ctx, await request.actor(), request.body) }),
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'folder:manage' },
        schema: { params: idParams, body: folderBody, response: { 200: folderResponse } },
      },
      async (request) => ({
        folder: await renameFolder(ctx, await request.actor(), { ...request.body, id: request.params.id }),
      }),
    );

    routes.delete(
      '/:id',
      { config: { permission: 'folder:manage' }, schema: { params: idParams } },
      async (request, reply) => {
        await deleteFolder(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );
  },
});
