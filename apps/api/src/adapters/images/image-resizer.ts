import sharp from 'sharp';
import { type ImageType, sniffImage } from './image-type.js';

/** One output size: the picture is cropped to fill it (centre), never stretched. */
export interface ImageSize {
  name: string;
  width: number;
  height: number;
}

export interface ResizedImage {
  name: string;
  width: number;
  height: number;
  contentType: 'image/webp';
  bytes: Buffer;
}

/** The upload is not an image we take: wrong magic bytes, or bytes the decoder cannot read. */
export class NotAnImageError extends Error {
  constructor(message = 'not a supported image') {
    super(message);
    this.name = 'NotAnImageError';
  }
}

/** Decoded pixels above this are refused before resizing (a tiny file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Checks the type by the file's first bytes (JPEG, PNG, GIF, WebP, as chat attachments do), then
 * decodes with sharp (libvips), honours the EXIF orientation, drops metadata and writes each size
 * as WebP. A renamed text file or a truncated image raises NotAnImageError.
 */
export async function resizeImage(
  bytes: Buffer,
  sizes: readonly ImageSize[],
): Promise<{
  source: ImageType;
  images: ResizedImage[];
}> {
  const source = sniffImage(bytes);
  if (!source) throw new NotAnImageError();
  try {
    const decoded = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
    const meta = await decoded.metadata();
    if (!meta.width || !meta.height) throw new NotAnImageError();
    const images = await Promise.all(
      sizes.map(async (size) => {
        const output = await decoded
          .clone()
          .rotate()
          .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
          .webp({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        return {
          name: size.name,
          width: output.info.width,
          height: output.info.height,
          contentType: 'image/webp' as const,
          bytes: output.data,
        };
      }),
    );
    return { source, images };
  } catch (error) {
    if (error instanceof NotAnImageError) throw error;
    throw new NotAnImageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * A chat photo as we store it (issue 31 finding 9): decoded and written again as WebP, at most
 * `maxSide` pixels on its longer side (never enlarged), turned upright by its EXIF orientation and
 * with every metadata block dropped (GPS included). Whatever followed the picture in the file (a
 * script after a JPEG's end) is not in the output. Not an image: NotAnImageError.
 */
export async function reencodeImage(
  bytes: Buffer,
  maxSide: number,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (!sniffImage(bytes)) throw new NotAnImageError();
  try {
    const output = await sharp(bytes, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: false,
    })
      .rotate()
      .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: output.data, width: output.info.width, height: output.info.height };
  } catch (error) {
    throw new NotAnImageError(error instanceof Error ? error.message : String(error));
  }
}
