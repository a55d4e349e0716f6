import { OFFER_IMAGE_SIZES, STORE_LOGO_SIZES } from '../merchant/image-schemas.js';

/**
 * Where an upload lives: it is stored in every size of its folder, each file at
 * `/media/images/<folder>/<uuid>-<size>.webp`, the first size being the picture's own address
 * (apps/api image-store.ts writes them through `uploadedImageUrl`). A phone on slow data should not
 * download a 512 px logo for a 24 px slot, so the customer site offers the browser each size
 * (`srcset`) and lets it pick by the width the image is drawn at (apps/web image-sources.ts).
 */

/** Each folder's sizes, narrowest first, as `srcset` lists them. */
const narrowestFirst = (sizes: readonly { name: string; width: number }[]) =>
  [...sizes].sort((a, b) => a.width - b.width);
const SIZES_BY_FOLDER = {
  'store-logos': narrowestFirst(STORE_LOGO_SIZES),
  'offer-images': narrowestFirst(OFFER_IMAGE_SIZES),
};

export type UploadFolder = keyof typeof SIZES_BY_FOLDER;
export const UPLOAD_FOLDERS = Object.keys(SIZES_BY_FOLDER) as UploadFolder[];

/** The address of one size of an upload. */
export const uploadedImageUrl = (folder: UploadFolder, id: string, size: string) =>
  `/media/images/${folder}/${id}-${size}.webp`;

export const isUploadFolder = (folder: string): folder is UploadFolder =>
  (UPLOAD_FOLDERS as readonly string[]).includes(folder);

/** The name of one of an upload's files: its id, then its size (what `uploadedImageUrl` writes). */
const FILE_NAME = /^([0-9a-f-]{36})-[a-z]{2}\.webp$/;
export const isUploadedFileName = (name: string) => FILE_NAME.test(name);

const ADDRESS = /^\/media\/images\/([^/]+)\/([^/]+)$/;

/** The `srcset` of an uploaded picture's sizes, narrowest first; undefined for any other address. */
export function uploadedImageSrcSet(url: string): string | undefined {
  const [, folder = '', name = ''] = ADDRESS.exec(url) ?? [];
  const id = FILE_NAME.exec(name)?.[1];
  if (!id || !isUploadFolder(folder)) return undefined;
  return SIZES_BY_FOLDER[folder]
    .map((size) => `${uploadedImageUrl(folder, id, size.name)} ${size.width}w`)
    .join(', ');
}
