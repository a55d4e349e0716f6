import { ZSearchQuery, ZSearchResponse } from '@d3/shared/catalogue/catalogue-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { search } from './search-service.js';

/** GET /search?query= (or q=): the search box dropdown (limit 5) and the results page (50). */
export default async function searchRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/search',
    {
      config: { publicCache: true },
      schema: { tags: ['search'], querystring: ZSearchQuery, response: { 200: ZSearchResponse } },
    },
    async (request) => ({ success: true as const, ...(await search(app.db, request.query)) }),
  );
}
