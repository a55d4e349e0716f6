import { z } from 'zod';

/** Every error the API sends: `{ success: false, message, code, errors? }` (API-CONTRACT "Envelope"). */
export const ZErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  /** A 5xx names its request (x-request-id) so support can find its log lines ('reference …'). */
  reference: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZMessageResponse = z.object({ success: z.literal(true), message: z.string() });

export const ZPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNextPage: z.boolean(),
});

/** Query-string integer clamped to `max`; blank or junk means the default (the lists' page and limit). */
export const queryInt = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === undefined || value === null ? undefined : value),
    z.coerce
      .number()
      .int()
      .min(1)
      .catch(fallback)
      .default(fallback)
      .transform((value) => Math.min(value, max)),
  );
