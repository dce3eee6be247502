import { open } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineFeature } from '#server/http/feature.ts';
import { createIiifImages, IIIF_TILE_PX, offeredSizes, scaleFactors } from './iiif-image.service.ts';
import {
  getCategoryCollection,
  getItemManifest,
  getSlideshowManifest,
  getTopCollection,
} from './iiif-presentation.service.ts';
import { PRESENTATION_CONTEXT } from './presentation.ts';
import { FORMAT_MIME, IIIF_LIMITS, type IiifFormat, parseImageRequest } from './image-request.ts';

export const IIIF_IMAGE_CONTEXT = 'http://iiif.io/api/image/3/context.json';
const LEVEL2_PROFILE = 'http://iiif.io/api/image/3/level2.json';
/**
 * How long browsers and caches may keep an answer. Short: an item unpublished stops being served
 * here at once, and elsewhere within this time.
 */
const CACHE_CONTROL = 'public, max-age=600';
/** Kept answers up to this size are read whole (a tile is 20–200 KB); larger ones are streamed. */
const WHOLE_READ_BYTES = 1024 * 1024;

/** The IIIF service URL of an image (`{id}` is the same id as /media/{id}). */
export const imageServiceId = (publicUrl: string, id: string) => `${publicUrl}/iiif/image/3/${id}`;

/**
 * Every IIIF answer (errors included) may be read by any site: viewers such as Mirador run on
 * other origins. Only here: the rest of the archive keeps its same-origin rules.
 */
function openToAllOrigins(reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** JSON-LD's own type when the client asks for it, plain JSON otherwise (Image API 3.0 §5). */
export function jsonType(request: FastifyRequest, context: string) {
  return (request.headers.accept ?? '').includes('application/ld+json')
    ? `application/ld+json;profile="${context}"`
    : 'application/json';
}

const imageParams = z.object({
  id: z.string(),
  region: z.string(),
  size: z.string(),
  rotation: z.string(),
  qualityFormat: z.string(),
});

/**
 * IIIF Image API 3.0, level 2, at /iiif/image/3/{id} (only public images), and Presentation API 3.0
 * manifests and collections at /iiif/presentation/3/… (only public items, slideshows, categories).
 */
export const iiifFeature = defineFeature({
  name: 'iiif',
  prefix: '/iiif',
  public(routes, ctx) {
    const images = createIiifImages(ctx);
    routes.addHook('onRequest', async (_request, reply) => openToAllOrigins(reply));
    // Anything else under /iiif (an identifier with an unescaped slash, a part missing) is a 404
    // of the service, not the web app's page (whose static files' wildcard would answer it).
    routes.get('/*', { config: { permission: 'media:read' } }, async (_request, reply) =>
      reply.status(404).send({ code: 'NOT_FOUND', message: 'Not found' }),
    );

    routes.get(
      '/image/3/:id',
      { config: { permission: 'media:read' }, schema: { params: z.object({ id: z.string() }) } },
      async (request, reply) =>
        reply.redirect(
          `${imageServiceId(ctx.config.publicUrl, encodeURIComponent(request.params.id))}/info.json`,
          303,
        ),
    );

    routes.get(
      '/image/3/:id/info.json',
      { config: { permission: 'media:read' }, schema: { params: z.object({ id: z.string() }) } },
      async (request, reply) => {
        const { id } = request.params;
        const { width, height, levels } = await images.info(id);
        reply.header('cache-control', CACHE_CONTROL);
        reply.header('link', `<${LEVEL2_PROFILE}>;rel="profile"`);
        reply.type(jsonType(request, IIIF_IMAGE_CONTEXT));
        return {
          '@context': IIIF_IMAGE_CONTEXT,
          id: imageServiceId(ctx.config.publicUrl, id),
          type: 'ImageService3',
          protocol: 'http://iiif.io/api/image',
          profile: 'level2',
          width,
          height,
          ...IIIF_LIMITS,
          sizes: offeredSizes(levels),
          tiles: [{ width: IIIF_TILE_PX, height: IIIF_TILE_PX, scaleFactors: scaleFactors(width, height) }],
          extraQualities: ['gray', 'bitonal'],
          extraFormats: ['webp'],
          extraFeatures: ['mirroring', 'sizeUpscaling', 'canonicalLinkHeader', 'profileLinkHeader'],
        };
      },
    );

    routes.get(
      '/image/3/:id/:region/:size/:rotation/:qualityFormat',
      { config: { permission: 'media:read' }, schema: { params: imageParams } },
      async (request, reply) => {
        const { id, region, size, rotation, qualityFormat } = request.params;
        return images.image(
          id,
          () => parseImageRequest(region, size, rotation, qualityFormat),
          async ({ path, canonical, made, size }) => {
            const format = canonical.slice(canonical.lastIndexOf('.') + 1) as IiifFormat;
            reply.header('cache-control', CACHE_CONTROL);
            reply.header(
              'link',
              `<${imageServiceId(ctx.config.publicUrl, id)}/${canonical}>;rel="canonical", <${LEVEL2_PROFILE}>;rel="profile"`,
            );
            // Whether this answer was cut now or read from the kept file (for operators and tests).
            reply.header('x-iiif-cache', made ? 'miss' : 'hit');
            reply.type(FORMAT_MIME[format]);
            // Read while the file is held, so a later eviction cannot take it from under the answer:
            // a tile whole, in one read of the size the cache knows; a large image as a stream.
            const file = await open(path);
            if (size > WHOLE_READ_BYTES) {
              reply.header('content-length', size);
              return reply.send(file.createReadStream());
            }
            try {
              const body = Buffer.allocUnsafe(size);
              const { bytesRead } = await file.read(body, 0, size, 0);
              return reply.send(bytesRead === size ? body : body.subarray(0, bytesRead));
            } finally {
              // Not waited for: the answer needs nothing more of the file.
              file.close().catch(() => {});
            }
          },
        );
      },
    );

    const presentation = (request: FastifyRequest, reply: FastifyReply, document: object) => {
      reply.header('cache-control', CACHE_CONTROL);
      reply.type(jsonType(request, PRESENTATION_CONTEXT));
      return document;
    };
    const idParam = { params: z.object({ id: z.string() }) };
    routes.get(
      '/presentation/3/item/:id',
      { config: { permission: 'media:read' }, schema: idParam },
      async (request, reply) => presentation(request, reply, await getItemManifest(ctx, request.params.id)),
    );
    routes.get(
      '/presentation/3/slideshow/:id',
      { config: { permission: 'media:read' }, schema: idParam },
      async (request, reply) =>
        presentation(request, reply, await getSlideshowManifest(ctx, request.params.id)),
    );
    routes.get(
      '/presentation/3/collection/:id',
      {
        config: { permission: 'media:read' },
        schema: { ...idParam, querystring: z.object({ after: z.string().max(200).optional() }) },
      },
      async (request, reply) =>
        presentation(
          request,
          reply,
          request.params.id === 'top'
            ? await getTopCollection(ctx)
            : await getCategoryCollection(ctx, request.params.id, request.query.after),
        ),
    );
  },
});
