import { platformContract as c } from '@d3/shared/platform/platform-contract';
import type { FastifyInstance } from 'fastify';
import { readStoredImage } from '../../adapters/images/image-store.js';
import { localFileStorage } from '../../adapters/storage/file-storage.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import { sendUploadedImage } from '../../plugins/uploaded-image-reply.js';
import { coverSvg, logoSvg } from './generated-images.js';

// The same query always draws the same picture, so browsers and CDNs may keep it forever.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// Opened directly, an SVG is a document: forbid scripts and everything but inline styles.
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * Generated placeholder images at the site root (not under /api/v1, no API key), used as
 * store logos and offer/service covers: /media/generated/logo.svg and /media/generated/cover.svg.
 */
export default async function mediaRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  for (const [endpoint, svg] of [
    [c.logo, logoSvg],
    [c.cover, coverSvg],
  ] as const) {
    route(endpoint, async (request, reply) =>
      reply
        .type('image/svg+xml')
        .header('cache-control', CACHE_CONTROL)
        .header('content-security-policy', SVG_CSP)
        .send(svg(request.query.label, request.query.hue)),
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
