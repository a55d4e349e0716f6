import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export interface DocsOptions {
  /** Serve Swagger UI and the document at /api/docs (config API_DOCS; off in production by default). */
  serve: boolean;
}

/**
 * OpenAPI generated from the routes' zod schemas (always built: `app.swagger()` is what the
 * every-route input test walks); Swagger UI at /api/docs only when `serve`.
 */
export default fp(
  async function docs(app: FastifyInstance, options: DocsOptions) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'D3 Deals API',
          description: 'Deals and services marketplace for Kenya. Every call needs the `x-api-key` header.',
          version: '1.0.0',
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
    });
    if (options.serve) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'docs' },
);
