import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readStoredImage } from '../../adapters/images/image-store.js';
import { localFileStorage } from '../../adapters/storage/file-storage.js';
import { sendUploadedImage } from '../../plugins/uploaded-image-reply.js';
import { coverSvg, logoSvg } from './generated-images.js';

export const ZGeneratedImageQuery = z.object({
  label: z.string().trim().min(1, 'Label is required').max(40, 'Label must be at most 40 characters'),
  hue: z.coerce
    .number()
    .int('Hue must be a whole number')
    .min(0, 'Hue must be between 0 and 359')
    .max(359, 'Hue must be between 0 and 359')
    .default(200),
});

// The same query always draws the same picture, so browsers and CDNs may keep it forever.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// Opened directly, an SVG is a document: forbid scripts and everything but inline styles.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Generated placeholder images at the site root (not under /api/v1, no API key), used as
 * store logos and offer/service covers: /media/generated/logo.svg and /media/generated/cover.svg.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const generated = [
    { path: '/media/generated/logo.svg', summary: 'Store logo: initials on a gradient', svg: logoSvg },
    { path: '/media/generated/cover.svg', summary: 'Cover image: a 4:3 gradient banner', svg: coverSvg },
  ];
  for (const { path, summary, svg } of generated) {
    routes.get(
      path,
      { schema: { tags: ['media'], summary, querystring: ZGeneratedImageQuery } },
      async (request, reply) => {
        return reply
          .type('image/svg+xml')
          .header('cache-control', CACHE_CONTROL)
          .header('content-security-policy', SVG_CSP)
          .send(svg(request.query.label, request.query.hue));
      },
    );
  }

  // Uploaded store logos and offer images (issue 13), resized to WebP when they were uploaded.
  const storage = localFileStorage(app.config.dataDir);
  app.get<{ Params: { folder: string; name: string } }>(
    '/media/images/:folder/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = await readStoredImage(storage, request.params.folder, request.params.name);
      return sendUploadedImage(reply, file, 'public, max-age=31536000, immutable');
    },
  );
}
