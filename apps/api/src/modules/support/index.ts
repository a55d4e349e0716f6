import {
  CONTACT_SENT_MESSAGE,
  NEWSLETTER_SUBSCRIBED_MESSAGE,
  ZContactRequest,
  ZNewsletterRequest,
} from '@d3/shared/support/support-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insertContactMessage, subscribeToNewsletter } from './support-service.js';

const ZSupportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string().optional(),
});

/** Contact form and newsletter: both store what was sent (API-CONTRACT decision 6). */
export default async function supportRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/contact',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: { tags: ['support'], body: ZContactRequest, response: { 201: ZSupportResponse } },
    },
    async (request, reply) => {
      const { id } = await insertContactMessage(app.db, request.body);
      return reply.status(201).send({ success: true, message: CONTACT_SENT_MESSAGE, id });
    },
  );

  routes.post(
    '/newsletter',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 hour' } },
      schema: {
        tags: ['support'],
        body: ZNewsletterRequest,
        response: { 200: ZSupportResponse, 201: ZSupportResponse },
      },
    },
    async (request, reply) => {
      const { created } = await subscribeToNewsletter(app.db, request.body.email);
      return reply
        .status(created ? 201 : 200)
        .send({ success: true, message: NEWSLETTER_SUBSCRIBED_MESSAGE });
    },
  );
}
