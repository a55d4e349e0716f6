import { supportContract as c } from '@d3/shared/support/support-contract';
import { CONTACT_SENT_MESSAGE, NEWSLETTER_SUBSCRIBED_MESSAGE } from '@d3/shared/support/support-schemas';
import type { FastifyInstance } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import { insertContactMessage, subscribeToNewsletter } from './support-service.js';

/** Contact form and newsletter: both store what was sent (API-CONTRACT decision 6). */
export default async function supportRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const limited = { config: { rateLimit: { max: 10, timeWindow: '1 hour' } } };

  route(
    c.contact,
    async (request, reply) => {
      const { id } = await insertContactMessage(app.db, request.body);
      return reply.status(201).send({ success: true, message: CONTACT_SENT_MESSAGE, id });
    },
    limited,
  );
  route(
    c.newsletter,
    async (request, reply) => {
      const { created } = await subscribeToNewsletter(app.db, request.body.email);
      return reply
        .status(created ? 201 : 200)
        .send({ success: true, message: NEWSLETTER_SUBSCRIBED_MESSAGE });
    },
    limited,
  );
}
