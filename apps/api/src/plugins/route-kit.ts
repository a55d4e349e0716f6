import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCustomer, requireMerchant, requireSignedIn } from './auth.js';

/**
 * What every route module opens with: its routes typed by the zod schemas, its OpenAPI tag, the
 * signed-in checks to spread into a route's options and the signed-in caller's id.
 * The checks run at preValidation, so an anonymous caller gets 401 whatever it sent.
 */
export function routeKit(app: FastifyInstance, tag: string) {
  return {
    routes: app.withTypeProvider<ZodTypeProvider>(),
    tags: [tag],
    customerOnly: { preValidation: requireCustomer },
    merchantOnly: { preValidation: requireMerchant },
    signedIn: { preValidation: requireSignedIn() },
    subOf: (request: { session: { sub: string } | null }) => request.session!.sub,
  };
}
