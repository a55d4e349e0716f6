import { z } from 'zod';
import type { EndpointDefinition } from '../api/contract.js';

/** Store logos and offer images (issue 13): what the upload takes and what comes back. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif';

export const IMAGE_UPLOAD_MESSAGES = {
  fileRequired: 'Choose an image to upload',
  notImage: 'Upload a JPEG, PNG, WebP or GIF image',
  tooLarge: 'Image is too large (max 5 MB)',
  logoUpdated: 'Logo updated',
  imageUpdated: 'Image updated',
} as const;

/** The fixed sizes every upload is cut to (cropped to fill, WebP). */
export const STORE_LOGO_SIZES = [
  { name: 'lg', width: 512, height: 512 },
  { name: 'sm', width: 128, height: 128 },
] as const;
export const OFFER_IMAGE_SIZES = [
  { name: 'lg', width: 1200, height: 900 },
  { name: 'sm', width: 480, height: 360 },
] as const;

export const ZUploadedImage = z.object({
  url: z.string(),
  sizes: z.array(z.object({ name: z.string(), width: z.number(), height: z.number(), url: z.string() })),
});
export type TUploadedImage = z.infer<typeof ZUploadedImage>;

/** POST /stores/{id}/logo and POST /offers/{id}/image answer this. */
export const ZImageUploadResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  image: ZUploadedImage,
});
export type TImageUploadResponse = z.infer<typeof ZImageUploadResponse>;

/**
 * The contract entry of an image upload (a merchant's store logo, an offer's image): one multipart
 * file under the rules above, answered with the sizes it was cut to. `what` names it in the summary.
 */
export function imageUploadEndpoint<P extends z.ZodType>({
  path,
  operationId,
  what,
  params,
}: {
  path: string;
  operationId: string;
  what: string;
  params: P;
}) {
  return {
    method: 'POST',
    path,
    operationId,
    summary: `Upload ${what} (multipart/form-data, field "file"; JPEG, PNG, WebP or GIF, max 5 MB)`,
    access: 'merchant',
    params,
    bodyType: 'multipart/form-data',
    responses: { 200: ZImageUploadResponse },
    errors: [413, 415],
  } as const satisfies EndpointDefinition;
}

/** What the client checks before sending (the server checks the bytes again). */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!IMAGE_UPLOAD_ACCEPT.split(',').includes(file.type)) return IMAGE_UPLOAD_MESSAGES.notImage;
  if (file.size > IMAGE_UPLOAD_MAX_BYTES) return IMAGE_UPLOAD_MESSAGES.tooLarge;
  return null;
}
