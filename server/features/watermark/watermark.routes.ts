import { watermarkSettingsBody, watermarkSettingsResponse } from '#common/api/watermark.ts';
import { defineFeature } from '#server/http/feature.ts';
import { getWatermarkSettings, previewWatermark, updateWatermarkSettings } from './watermark.service.ts';

/** Watermark settings (admin-back-office.md §2): the six keys and the live preview, admin only. */
export const watermarkFeature = defineFeature({
  name: 'watermark',
  admin(routes, ctx) {
    routes.get(
      '',
      {
        config: { permission: 'watermark:manage' },
        schema: { response: { 200: watermarkSettingsResponse } },
      },
      async (request) => getWatermarkSettings(ctx, await request.actor(), {}),
    );

    routes.put(
      '',
      {
        config: { permission: 'watermark:manage' },
        // Six short values: anything bigger is not this form.
        bodyLimit: 4096,
        schema: { body: watermarkSettingsBody, response: { 200: watermarkSettingsResponse } },
      },
      async (request) => updateWatermarkSettings(ctx, await request.actor(), request.body),
    );

    // A GET with the unsaved form values in the query, so the form's <img> loads it directly and
    // the browser drops a superseded preview by itself.
    routes.get(
      '/preview',
      { config: { permission: 'watermark:manage' }, schema: { querystring: watermarkSettingsBody } },
      async (request, reply) => {
        const image = await previewWatermark(ctx, await request.actor(), request.query);
        reply.header('content-type', 'image/webp');
        return reply.send(image);
      },
    );
  },
});
