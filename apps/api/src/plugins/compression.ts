import { constants as zlibConstants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/**
 * How answers are compressed (issue 16): HTML, JSON and SVG over 1 KB, brotli at quality 4 (cheap on
 * CPU) or gzip, whichever the client prefers. app.ts gives these to @fastify/compress, and the page
 * cache makes a kept page's compressed copies with them once (issue 38).
 */
export const COMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type TCompressedEncoding = (typeof COMPRESSED_ENCODINGS)[number];
export const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
/** Smaller answers leave as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What a server-rendered page varies by: the language it is drawn in (cookie or Accept-Language,
 * page-locale.ts) and its encoding. Every page answer says so, compressed or not, kept or made.
 */
export const PAGE_VARY = 'cookie, accept-language, accept-encoding';

/**
 * The encoding @fastify/compress would choose for this request among `offered`, or null for none (no
 * or an unsupported Accept-Encoding, `gzip;q=0`, or `x-no-compression`). The same negotiation as the
 * plugin's: `*` and `x-gzip` count as gzip.
 */
export function acceptedEncoding(
  request: FastifyRequest,
  offered: readonly TCompressedEncoding[] = COMPRESSED_ENCODINGS,
): TCompressedEncoding | null {
  if (request.headers['x-no-compression'] !== undefined) return null;
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...offered]);
}
