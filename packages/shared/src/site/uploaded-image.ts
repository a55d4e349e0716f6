import { OFFER_IMAGE_SIZES, STORE_LOGO_SIZES } from '../merchant/image-schemas.js';

/**
 * An upload is stored in every size of its folder (`/media/images/<folder>/<uuid>-<size>.webp`, the
 * first size being the picture's own address). A phone on slow data should not download a 512 px logo
 * for a 48 px slot, nor a 1200 px cover for a 180 px thumbnail, so the customer site offers the
 * browser each size (`srcset`) and lets it pick by the width the image is drawn at.
 */
const SIZES_BY_FOLDER: Record<string, readonly { name: string; width: number }[]> = {
  'store-logos': STORE_LOGO_SIZES,
  'offer-images': OFFER_IMAGE_SIZES,
};

const UPLOADED = /^\/media\/images\/(store-logos|offer-images)\/([0-9a-f-]{36})-[a-z]{2}\.webp$/;

/** The `srcset` of an uploaded picture's sizes, widest last; undefined for any other address. */
export function uploadedImageSrcSet(url: string): string | undefined {
  const match = UPLOADED.exec(url);
  const sizes = match ? SIZES_BY_FOLDER[match[1] ?? ''] : undefined;
  if (!match || !sizes) return undefined;
  return [...sizes]
    .sort((a, b) => a.width - b.width)
    .map((size) => `/media/images/${match[1]}/${match[2]}-${size.name}.webp ${size.width}w`)
    .join(', ');
}
