import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Realtime } from '../../realtime/socket-server.js';
import type { Role } from './chat-repository.js';
import { MessageWriter } from './message-writer.js';
import type { SendLimiter } from './send-limiter.js';

// Chat (issue 11): what every chat use case works with, built once per app (chat-setup.ts).

export interface ChatSession {
  sub: string;
  role: Role;
}

export interface ChatDependencies {
  db: Db;
  realtime: Realtime;
  events: EventBus;
  limiter: SendLimiter;
  storage: FileStorage;
  imageMaxBytes: number;
  /** Uploads one sender may have waiting, never attached to a message (issue 31 finding 9). */
  pendingUploadsMax?: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** What the chat use cases work with: the dependencies and the message writer (group commit) built on them. */
export interface ChatContext extends ChatDependencies {
  writer: MessageWriter;
}

/** Built once per app (chat-setup.ts). */
export function createChatContext(deps: ChatDependencies): ChatContext {
  return { ...deps, writer: new MessageWriter(deps.db) };
}
