import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { TSlotsMessage } from './known-full.js';
import { slotQueueFor } from './slot-queue.js';

const ZSlotsMessage = z.object({
  from: z.string(),
  message: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('full'),
      key: z.string(),
      storeId: z.string(),
      ms: z.number().int().positive(),
      // A process of an earlier build says nothing: its verdict is the cautious kind.
      claimable: z.boolean().default(true),
    }),
    z.object({ kind: z.literal('open'), storeId: z.string().nullable() }),
  ]),
});

/**
 * Keeps the slots known to be full (known-full.ts, decision 0810) true: the paths that free a place
 * say so after their commit, and with Redis every process tells the others its verdicts and opens
 * on one channel (`<REALTIME_KEY_PREFIX>:slots`). Registered in the API's scope, before its routes,
 * so a merchant's write is seen whatever it changed (capacity, hours, staff, a booking's status).
 */
export default fp(
  async function knownFullSetup(app: FastifyInstance, options: { prefix: string }) {
    const known = slotQueueFor(app.events).known;
    const open = (payload: { storeId: string }) => known.open(payload.storeId);
    app.events.on('booking.cancelled', open);
    app.events.on('booking.rescheduled', open);
    // A new waitlist offer: its customer may book a slot known full (KnownFullSlots.isFullForAll).
    app.events.on('waitlist.offered', open);
    app.events.on('account.deleted', () => known.open(null));
    app.addHook('onResponse', async (request, reply) => {
      if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
      if (request.session?.role === 'merchant') known.open(null);
    });

    const redis = app.redis;
    if (!redis) return;
    const channel = `${options.prefix}:slots`;
    const from = randomUUID();
    const listener = redis.duplicate();
    listener.on('error', (err) => app.log.warn({ err }, 'known-full slots: redis listener error'));
    listener.on('message', (_channel: string, text: string) => {
      let parsed: z.infer<typeof ZSlotsMessage>;
      try {
        parsed = ZSlotsMessage.parse(JSON.parse(text));
      } catch {
        return;
      }
      if (parsed.from !== from) known.receive(parsed.message);
    });
    // Never awaited: a Redis that is away at start is not fatal (issue 35); ioredis subscribes
    // again on each reconnect.
    listener.subscribe(channel).catch((err) => app.log.warn({ err }, 'known-full slots: subscribe failed'));
    known.link((message: TSlotsMessage) => {
      // Lost on a Redis hiccup: the verdict then lasts its KNOWN_FULL_MS at most elsewhere.
      redis.publish(channel, JSON.stringify({ from, message })).catch(() => undefined);
    });
    app.addHook('onClose', async () => {
      known.link(undefined);
      await listener.quit().catch(() => undefined);
    });
  },
  { name: 'known-full-setup' },
);
