import type { Redis } from 'ioredis';
import { createWindowLimiter, type WindowLimiter } from '../../plugins/window-limiter.js';

/** Chat sends per user per window (issue 11): one budget across processes when Redis is configured. */
export type SendLimiter = WindowLimiter;

export function createSendLimiter(options: {
  max: number;
  windowMs: number;
  redis: Redis | undefined;
  prefix: string;
}): SendLimiter {
  return createWindowLimiter({ ...options, name: 'chat-send' });
}
