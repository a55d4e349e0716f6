import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outbox } from '../../db/schema/support.js';

const ZOutboxQuery = z.object({ to: z.string().trim().min(1).max(254).optional() });
const ZOutboxResponse = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      channel: z.string(),
      body: z.string(),
      createdAt: z.iso.datetime({ offset: true }),
    }),
  ),
});

/**
 * Development-only helpers (never registered when NODE_ENV=production): read what the SMS and
 * e-mail simulators "sent", so browser tests can walk OTP and reset flows end to end.
 */
export default async function devRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/outbox',
      { schema: { tags: ['dev'], querystring: ZOutboxQuery, response: { 200: ZOutboxResponse } } },
      async (request) => {
        const rows = await app.db
          .select()
          .from(outbox)
          .where(request.query.to ? eq(outbox.to, request.query.to) : undefined)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(50);
        return {
          messages: rows.map((row) => ({
            to: row.to,
            channel: row.channel,
            body: row.body,
            createdAt: row.createdAt.toISOString().replace('Z', '+00:00'),
          })),
        };
      },
    );
}
