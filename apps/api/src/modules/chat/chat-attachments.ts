import { randomUUID } from 'node:crypto';
import { NotAnImageError, reencodeImage } from '../../adapters/images/image-resizer.js';
import type { FileStorage } from '../../adapters/storage/file-storage.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors/app-error.js';
import type { ChatContext, ChatSession } from './chat-context.js';
import * as repository from './chat-repository.js';
import { CONTENT_TYPES } from './image-type.js';

// Chat photos (issue 11, issue 31 finding 9): stored re-encoded, attachable by their uploader only.

/** A chat photo's longer side is at most this many pixels once stored. */
export const CHAT_IMAGE_MAX_SIDE = 1600;
/** Uploads never attached are deleted this long after upload. */
export const CHAT_UPLOAD_TTL_MS = 24 * 60 * 60_000;
/**
 * Stores a chat photo (issue 31 finding 9): re-encoded as WebP with its metadata (EXIF GPS) dropped
 * and anything after the picture gone; recorded as the sender's upload, which only they can
 * attach. A sender with `pendingUploadsMax` uploads waiting (never attached) gets 429.
 */
export async function saveAttachment(ctx: ChatContext, uploader: ChatSession, bytes: Buffer) {
  if (bytes.length > ctx.imageMaxBytes) {
    const mb = Math.round((ctx.imageMaxBytes / (1024 * 1024)) * 10) / 10;
    throw new AppError('ATTACHMENT_TOO_LARGE', `Image is too large (max ${mb} MB)`);
  }
  const pending = await repository.countPendingUploads(ctx.db, uploader.sub);
  if (pending >= (ctx.pendingUploadsMax ?? 20)) throw new AppError('CHAT_UPLOADS_PENDING_LIMIT');
  let image: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    image = await reencodeImage(bytes, CHAT_IMAGE_MAX_SIDE);
  } catch (error) {
    if (!(error instanceof NotAnImageError)) throw error;
    throw new AppError('ATTACHMENT_NOT_IMAGE', undefined, { file: 'Attached files must be images' });
  }
  const name = `${randomUUID()}.webp`;
  await ctx.storage.put(`chat/${name}`, image.bytes);
  await repository.insertUpload(ctx.db, name, uploader);
  return { url: `/media/chat/${name}`, contentType: 'image/webp', size: image.bytes.length };
}

/** Deletes the uploads nobody attached within a day, rows and files (any process may run it: each row goes once). */
export async function purgeStaleUploads(db: Db, storage: FileStorage, now = new Date()): Promise<number> {
  const names = await repository.deleteStaleUploads(db, new Date(now.getTime() - CHAT_UPLOAD_TTL_MS));
  for (const name of names) await storage.delete(`chat/${name}`);
  return names.length;
}

/** A stored chat image by its served name (<uuid>.<ext>), or null. */
export async function readChatAttachment(storage: FileStorage, name: string) {
  const match = /^([0-9a-f-]{36})\.(jpg|png|gif|webp)$/.exec(name);
  if (!match) return null;
  const bytes = await storage.get(`chat/${name}`);
  if (!bytes) return null;
  return { bytes, contentType: CONTENT_TYPES[match[2] as keyof typeof CONTENT_TYPES] };
}
