import type { FastifyReply } from 'fastify';
import { AppError } from '../errors/app-error.js';

/**
 * Answers an uploaded image with the type it was stored as, never sniffed and never run as a page;
 * 404 when there is none. `cacheControl` says who may keep it (a chat image is private).
 */
export function sendUploadedImage(
  reply: FastifyReply,
  file: { bytes: Buffer; contentType: string } | null,
  cacheControl: string,
) {
  if (!file) throw new AppError('NOT_FOUND', 'Image not found');
  return reply
    .type(file.contentType)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.bytes);
}
