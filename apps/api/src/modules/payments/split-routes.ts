import {
  ZCreateSplitRequest,
  ZPayShareRequest,
  ZPayShareResponse,
  ZSplitResponse,
} from '@d3/shared/payments/split-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routeKit } from '../../plugins/route-kit.js';
import { ZPaymentIdParams } from './payments-schemas.js';

const ZSplitParams = ZPaymentIdParams;
const ZShareParams = ZPaymentIdParams.extend({ position: z.coerce.number().int().min(0).max(9) });
const ZTokenParams = z.object({ token: z.string().max(100) });
const ZPushBody = z.object({ phoneNumber: ZPayShareRequest.shape.phoneNumber.optional() }).optional();

/**
 * Split the access fee between friends (issue 34): the organiser's routes (signed in) and the share
 * link's (anyone holding its secret token; the API key as every call).
 */
export async function splitRoutes(app: FastifyInstance) {
  const { routes, open, customerOnly, subOf } = routeKit(app, 'payments');
  const linkOf = (request: FastifyRequest) => (token: string) =>
    `${app.config.publicUrl ?? `${request.protocol}://${request.host}`}/split/${token}`;

  routes.post(
    '/payments/splits',
    customerOnly({ body: ZCreateSplitRequest, response: { 201: ZSplitResponse } }),
    async (request, reply) => {
      const split = await app.splits.create(subOf(request), request.body, linkOf(request));
      return reply.status(201).send({ success: true as const, split });
    },
  );

  routes.get(
    '/payments/splits/:id',
    customerOnly({ params: ZSplitParams, response: { 200: ZSplitResponse } }),
    async (request) => ({
      success: true as const,
      split: await app.splits.organiserView(subOf(request), request.params.id),
    }),
  );

  routes.post(
    '/payments/splits/:id/shares/:position/push',
    customerOnly({ params: ZShareParams, body: ZPushBody, response: { 201: ZPayShareResponse } }),
    async (request, reply) => {
      const answer = await app.splits.pushByOrganiser(
        subOf(request),
        request.params.id,
        request.params.position,
        request.body?.phoneNumber,
      );
      return reply.status(201).send(answer);
    },
  );

  routes.get(
    '/payments/splits/link/:token',
    {
      ...open({ params: ZTokenParams, response: { 200: ZSplitResponse } }),
      config: { changesPublicData: false },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, split: await app.splits.linkView(request.params.token) };
    },
  );

  routes.post(
    '/payments/splits/link/:token/pay',
    {
      ...open({ params: ZTokenParams, body: ZPayShareRequest, response: { 201: ZPayShareResponse } }),
      config: { changesPublicData: false },
    },
    async (request, reply) =>
      reply.status(201).send(await app.splits.payByLink(request.params.token, request.body.phoneNumber)),
  );
}
