import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { localFileStorage } from '../../adapters/storage/file-storage.js';
import { purgeStaleUploads } from './chat-attachments.js';
import { type ChatContext, createChatContext } from './chat-context.js';
import { createSendLimiter } from './send-limiter.js';
import { registerChatSocketEvents } from './socket-events.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the chat use cases work with (the chat use cases take it first). */
    chat: ChatContext;
  }
}

/**
 * Registered on the root app after the socket server (docs/decisions/0402): the chat context (the
 * send limiter, attachment storage, the group-commit message writer) and the chat's socket events.
 */
export default fp(
  async function chatSetup(app: FastifyInstance) {
    const chat = createChatContext({
      db: app.db,
      realtime: app.realtime,
      events: app.events,
      limiter: createSendLimiter({
        max: app.config.chatSendMax,
        windowMs: app.config.chatSendWindowMs,
        redis: app.redis,
        prefix: app.config.realtimeKeyPrefix,
      }),
      storage: localFileStorage(app.config.dataDir),
      imageMaxBytes: app.config.chatImageMaxBytes,
      pendingUploadsMax: app.config.chatUploadsPendingMax,
      log: app.log,
    });
    app.decorate('chat', chat);
    registerChatSocketEvents(app.realtime, chat, app.log);
    // Unattached uploads older than a day go, hourly on every process (each row is deleted once).
    const purge = setInterval(() => {
      purgeStaleUploads(chat.db, chat.storage).catch((err: unknown) =>
        app.log.warn({ err }, 'chat upload purge failed'),
      );
    }, 60 * 60_000);
    purge.unref();
    app.addHook('onClose', async () => clearInterval(purge));
  },
  { name: 'chat-setup' },
);
