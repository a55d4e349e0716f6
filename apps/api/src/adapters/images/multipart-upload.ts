import { IMAGE_UPLOAD_MESSAGES } from '@d3/shared/merchant/image-schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors/app-error.js';

const fileRequired = () =>
  new AppError('IMAGE_NOT_SUPPORTED', IMAGE_UPLOAD_MESSAGES.fileRequired, {
    file: IMAGE_UPLOAD_MESSAGES.fileRequired,
  });
const tooLarge = (maxBytes: number) => {
  const message = `Image is too large (max ${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB)`;
  return new AppError('IMAGE_TOO_LARGE', message, { file: message });
};

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT';
}

/**
 * The one file of a multipart/form-data upload (@fastify/multipart registered on the route's
 * context), as bytes, at most `maxBytes`: 413 IMAGE_TOO_LARGE above it, 400 when there is no file.
 * Its declared type and name are ignored: the bytes decide (image-resizer.ts).
 */
export async function readUploadedFile(request: FastifyRequest, maxBytes: number): Promise<Buffer> {
  if (!request.isMultipart()) throw fileRequired();
  try {
    const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });
    if (!part) throw fileRequired();
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw fileRequired();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isTooLarge(error)) throw tooLarge(maxBytes);
    // A malformed multipart body (no boundary, cut short) is the client's mistake.
    throw fileRequired();
  }
}
