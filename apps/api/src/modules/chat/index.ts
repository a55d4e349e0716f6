import { chatContract as c } from '@d3/shared/chat/chat-contract';
import type { FastifyInstance } from 'fastify';
import { localFileStorage } from '../../adapters/storage/file-storage.js';
import { AppError } from '../../errors/app-error.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import { sendUploadedImage } from '../../plugins/uploaded-image-reply.js';
import { readChatAttachment, saveAttachment } from './chat-attachments.js';
import { analytics, searchChats, unreadCounts } from './chat-insights.js';
import {
  conversationMessages,
  createConversation,
  customerConversations,
  markRead,
  merchantConversations,
  sendMessage,
  updateStatus,
} from './chat-service.js';

/** Either role: the Bearer token decides; without one, the customer cookie, then the merchant cookie. */
const list = <T>(items: T[]) => ({
  success: true as const,
  data: items,
  pagination: { page: 1, limit: items.length, total: items.length, totalPages: 1, hasNextPage: false },
});

/** Chat (issue 11): seed 001 §7 "Chat" calls, plus attachments and an unread total. */
export default async function chatRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;

  route(c.customerConversations, async (request) => {
    const conversations = await customerConversations(app.chat, subOf(request));
    return { ...list(conversations), unreadTotal: conversations.reduce((n, c) => n + c.unreadCount, 0) };
  });
  route(c.merchantConversations, async (request) => {
    const conversations = await merchantConversations(app.chat, subOf(request), request.query.storeId);
    return { ...list(conversations), unreadTotal: conversations.reduce((n, c) => n + c.unreadCount, 0) };
  });
  route(c.startConversation, async (request, reply) => {
    const result = await createConversation(app.chat, subOf(request), request.body);
    return reply.code(result.created ? 201 : 200).send({ success: true as const, data: result });
  });
  route(c.messages, async (request) => {
    const { messages, pagination } = await conversationMessages(
      app.chat,
      request.session!,
      request.params.id,
      request.query.page,
      request.query.limit,
    );
    return { success: true as const, data: messages, messages, pagination };
  });
  route(c.send, async (request, reply) => {
    const message = await sendMessage(app.chat, request.session!, request.body);
    return reply.code(201).send({ success: true as const, data: message });
  });
  route(c.markRead, async (request) => ({
    success: true as const,
    data: await markRead(app.chat, request.session!, request.params.id),
  }));
  route(c.messageStatus, async (request) => ({
    success: true as const,
    data: await updateStatus(app.chat, request.session!, request.params.id, request.body.status),
  }));
  route(c.unreadCount, async (request) => ({
    success: true as const,
    data: await unreadCounts(app.chat, request.session!),
  }));
  route(c.search, async (request) => ({
    success: true as const,
    data: await searchChats(app.chat, request.session!, request.query.query, request.query.type),
  }));
  route(c.analytics, async (request) => ({
    success: true as const,
    data: await analytics(app.chat, request.session!, request.query.period),
  }));
  route(c.health, async () => ({
    success: true as const,
    status: 'ok' as const,
    adapter: app.redis ? ('redis' as const) : ('memory' as const),
    connectedSockets: app.realtime.io.engine.clientsCount,
    at: new Date().toISOString(),
  }));

  // Image attachments: the raw bytes as the body (any declared type; the bytes decide).
  await app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: app.config.chatImageMaxBytes * 2 },
      (_r, body, done) => done(null, body),
    );
    contractRoutes(upload)(
      c.attach,
      async (request, reply) => {
        const body = request.body as unknown;
        if (!Buffer.isBuffer(body) || body.length === 0) {
          throw new AppError('ATTACHMENT_NOT_IMAGE', undefined, { file: 'Attached files must be images' });
        }
        return reply
          .code(201)
          .send({ success: true as const, data: await saveAttachment(app.chat, request.session!, body) });
      },
      { bodyLimit: app.config.chatImageMaxBytes * 2 },
    );
  });
}

/** Uploaded chat images at the site root (an <img> cannot send the API key): /media/chat/<uuid>.<ext>. */
export async function chatMediaRoutes(app: FastifyInstance) {
  const storage = localFileStorage(app.config.dataDir);
  app.get<{ Params: { name: string } }>(
    '/media/chat/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const file = await readChatAttachment(storage, request.params.name);
      return sendUploadedImage(reply, file, 'private, max-age=31536000, immutable');
    },
  );
}
