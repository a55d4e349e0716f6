import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalSession, requireCustomer, requireMerchant, requireSignedIn } from './auth.js';

/**
 * What every route module opens with: its routes typed by the zod schemas, its OpenAPI tag, the
 * options of an open or signed-in route built from its schema, and the signed-in caller's id.
 * `customerOnly({ params, body, response })` gives `{ preValidation, schema }` with the module's tag
 * added; the schema keeps its zod types, so request.params and request.body stay typed.
 * The checks run at preValidation, so an anonymous caller gets 401 whatever it sent.
 */
export function routeKit(app: FastifyInstance, tag: string) {
  const tags = [tag];
  /** Options that start with `extra` (a check, a config) and carry the schema under the tag. */
  const behind =
    <O extends object>(extra: O) =>
    <S extends FastifySchema>(schema: S) => ({ ...extra, schema: { tags, ...schema } });
  return {
    routes: app.withTypeProvider<ZodTypeProvider>(),
    tags,
    behind,
    open: behind({}),
    /** Open, and a signed-in caller's session is read when the token is valid. */
    openWithSession: behind({ preHandler: optionalSession }),
    customerOnly: behind({ preValidation: requireCustomer }),
    merchantOnly: behind({ preValidation: requireMerchant }),
    signedIn: behind({ preValidation: requireSignedIn() }),
    subOf: (request: { session: { sub: string } | null }) => request.session!.sub,
  };
}
