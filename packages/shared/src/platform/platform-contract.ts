import { z } from 'zod';
import { defineContract } from '../api/contract.js';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  db: z.enum(['ok', 'down']),
  redis: z.enum(['ok', 'down']).optional(),
});

export const ZLiveResponse = z.object({ status: z.literal('ok') });
export const ZReadyResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ db: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down']).optional() }),
});

export const ZGeneratedImageQuery = z.object({
  label: z.string().trim().min(1, 'Label is required').max(40, 'Label must be at most 40 characters'),
  hue: z.coerce
    .number()
    .int('Hue must be a whole number')
    .min(0, 'Hue must be between 0 and 359')
    .max(359, 'Hue must be between 0 and 359')
    .default(200),
});

/**
 * The platform's own endpoints: the health check (at the site root and under /api/v1, no API key)
 * and the generated placeholder images at the site root.
 */
export const platformContract = defineContract('platform', {
  health: {
    method: 'GET',
    path: '/health',
    operationId: 'getHealth',
    summary: 'Whether every dependency answers (200, else 503)',
    access: 'open',
    root: true,
    responses: { 200: ZHealthResponse, 503: ZHealthResponse },
  },
  live: {
    method: 'GET',
    path: '/livez',
    operationId: 'getLiveness',
    summary: 'The process serves requests (Kubernetes-style liveness probe)',
    access: 'open',
    root: true,
    responses: { 200: ZLiveResponse },
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    operationId: 'getReadiness',
    summary: 'The database and Redis answer within 2 s (200), else 503 with Retry-After',
    access: 'open',
    root: true,
    responses: { 200: ZReadyResponse, 503: ZReadyResponse },
  },
  logo: {
    method: 'GET',
    path: '/media/generated/logo.svg',
    operationId: 'getGeneratedLogo',
    summary: 'Store logo: initials on a gradient',
    access: 'open',
    root: true,
    query: ZGeneratedImageQuery,
    produces: 'image/svg+xml',
    responses: { 200: null },
  },
  cover: {
    method: 'GET',
    path: '/media/generated/cover.svg',
    operationId: 'getGeneratedCover',
    summary: 'Cover image: a 4:3 gradient banner',
    access: 'open',
    root: true,
    query: ZGeneratedImageQuery,
    produces: 'image/svg+xml',
    responses: { 200: null },
  },
});
