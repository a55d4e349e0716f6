import { paymentsContract as c } from '@d3/shared/payments/payments-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';

/**
 * Split the access fee between friends (issue 34): the organiser's routes (signed in) and the share
 * link's (anyone holding its secret token; the API key as every call).
 */
export async function splitRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;
  const linkOf = (request: FastifyRequest) => (token: string) =>
    `${app.config.publicUrl ?? `${request.protocol}://${request.host}`}/split/${token}`;
  const privateRead = { config: { changesPublicData: false } };

  route(c.createSplit, async (request, reply) => {
    const split = await app.splits.create(subOf(request), request.body, linkOf(request));
    return reply.status(201).send({ success: true as const, split });
  });
  route(c.split, async (request) => ({
    success: true as const,
    split: await app.splits.organiserView(subOf(request), request.params.id),
  }));
  route(c.pushShare, async (request, reply) => {
    const answer = await app.splits.pushByOrganiser(
      subOf(request),
      request.params.id,
      request.params.position,
      request.body?.phoneNumber,
    );
    return reply.status(201).send(answer);
  });
  route(
    c.splitByLink,
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, split: await app.splits.linkView(request.params.token) };
    },
    privateRead,
  );
  route(
    c.payShareByLink,
    async (request, reply) =>
      reply.status(201).send(await app.splits.payByLink(request.params.token, request.body.phoneNumber)),
    privateRead,
  );
}
