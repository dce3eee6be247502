import { idParams } from '#common/api/shared.ts';
import { createPlaceBody, placeResponse, placesResponse, updatePlaceBody } from '#common/api/places.ts';
import { defineFeature } from '#server/http/feature.ts';
import { createPlace, deletePlace, listPlaces, updatePlace } from './places.service.ts';

/** Places (issue 28 §3): the public list at /api/places, staff writes at /api/admin/places. */
export const placesFeature = defineFeature({
  name: 'places',
  public(routes, ctx) {
    routes.get(
      '',
      { config: { permission: 'gallery:browse' }, schema: { response: { 200: placesResponse } } },
      async (request) => listPlaces(ctx, await request.actor(), {}),
    );
  },
  admin(routes, ctx) {
    routes.post(
      '',
      {
        config: { permission: 'place:manage' },
        schema: { body: createPlaceBody, response: { 201: placeResponse } },
      },
      async (request, reply) =>
        reply.status(201).send({ place: await createPlace(ctx, await request.actor(), request.body) }),
    );

    routes.patch(
      '/:id',
      {
        config: { permission: 'place:manage' },
        schema: { params: idParams, body: updatePlaceBody, response: { 200: placeResponse } },
      },
      async (request) => ({
        place: await updatePlace(ctx, await request.actor(), { ...request.body, id: request.params.id }),
      }),
    );

    routes.delete(
      '/:id',
      {
        config: { permission: 'place:manage' },
        schema: { params: idParams },
      },
      async (request, reply) => {
        await deletePlace(ctx, await request.actor(), request.params);
        return reply.status(204).send();
      },
    );
  },
});
