import { searchContract as c } from '@d3/shared/catalogue/locations-contract';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import { search } from './search-service.js';

/** GET /search?query= (or q=): the search box dropdown (limit 5) and the results page (50). */
export default async function searchRoutes(app: FastifyInstance) {
  contractRoutes(app)(
    c.search,
    async (request) => ({ success: true as const, ...(await search(app.db, request.query)) }),
    { config: { publicCache: true } },
  );
}
