import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { registeredEndpoints } from './contract-route.js';
import { withErrorResponses } from './openapi-errors.js';

export interface DocsOptions {
  /** Serve Swagger UI and the document at /api/docs (config API_DOCS; off in production by default). */
  serve: boolean;
}

/**
 * OpenAPI generated from the contracts the routes are registered from (issue 37; always built:
 * `app.swagger()` is what the every-route input test and `npm run lint:openapi` read); Swagger UI at
 * /api/docs only when `serve`.
 */
export default fp(
  async function docs(app: FastifyInstance, options: DocsOptions) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'D3 Deals API',
          description: 'Deals and services marketplace for Kenya. Every call needs the `x-api-key` header.',
          version: '1.0.0',
          license: { name: 'Proprietary', url: 'https://d3deals.co.ke/terms' },
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
        security: [{ apiKey: [] }],
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) =>
        'openapiObject' in documentObject
          ? withErrorResponses(documentObject.openapiObject as never, registeredEndpoints)
          : documentObject.swaggerObject,
    });
    if (options.serve) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
