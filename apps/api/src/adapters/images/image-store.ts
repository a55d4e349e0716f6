import { randomUUID } from 'node:crypto';
import { IMAGE_UPLOAD_MESSAGES } from '@d3/shared/merchant/image-schemas';
import {
  isUploadedFileName,
  isUploadFolder,
  type UploadFolder,
  uploadedImageUrl,
} from '@d3/shared/site/uploaded-image';
import { AppError } from '../../errors/app-error.js';
import type { FileStorage } from '../storage/file-storage.js';
import { type ImageSize, NotAnImageError, resizeImage } from './image-resizer.js';

/**
 * Resizes an upload to every size and stores each under `images/<folder>/<uuid>-<size>.webp`.
 * The first size is the main picture. Anything but a real image: 400 IMAGE_NOT_SUPPORTED.
 */
export async function saveResizedImage(
  storage: FileStorage,
  folder: UploadFolder,
  bytes: Buffer,
  sizes: readonly ImageSize[],
) {
  let images: Awaited<ReturnType<typeof resizeImage>>['images'];
  try {
    ({ images } = await resizeImage(bytes, sizes));
  } catch (error) {
    if (!(error instanceof NotAnImageError)) throw error;
    // 400 naming the form's file field: a renamed text file, a cut-off or undecodable image.
    throw new AppError('IMAGE_NOT_SUPPORTED', IMAGE_UPLOAD_MESSAGES.notImage, {
      file: IMAGE_UPLOAD_MESSAGES.notImage,
    });
  }
  const id = randomUUID();
  const saved = [];
  for (const image of images) {
    await storage.put(`images/${folder}/${id}-${image.name}.webp`, image.bytes);
    saved.push({
      name: image.name,
      width: image.width,
      height: image.height,
      url: uploadedImageUrl(folder, id, image.name),
    });
  }
  return { url: saved[0]!.url, sizes: saved };
}

/** A stored picture by its served folder and name, or null (names other than ours are never read). */
export async function readStoredImage(storage: FileStorage, folder: string, name: string) {
  if (!isUploadFolder(folder) || !isUploadedFileName(name)) return null;
  const bytes = await storage.get(`images/${folder}/${name}`);
  return bytes ? { bytes, contentType: 'image/webp' as const } : null;
}
