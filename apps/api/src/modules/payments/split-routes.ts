import { paymentsContract as c } from '@d3/shared/payments/payments-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import {
  createSplit,
  payShareByLink,
  pushShareByOrganiser,
  splitByLink,
  splitForOrganiser,
} from './splits.js';

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
    const split = await createSplit(app.payments, subOf(request), request.body, linkOf(request));
    return reply.status(201).send({ success: true as const, split });
  });
  route(c.split, async (request) => ({
    success: true as const,
    split: await splitForOrganiser(app.payments, subOf(request), request.params.id),
  }));
  route(c.pushShare, async (request, reply) => {
    const answer = await pushShareByOrganiser(
      app.payments,
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
      return { success: true as const, split: await splitByLink(app.payments, request.params.token) };
    },
    privateRead,
  );
  route(
    c.payShareByLink,
    async (request, reply) =>
      reply
        .status(201)
        .send(await payShareByLink(app.payments, request.params.token, request.body.phoneNumber)),
    privateRead,
  );
}
