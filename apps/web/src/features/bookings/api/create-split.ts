import { paymentsRoutes } from '@d3/shared/api/routes';
import type { TCreateSplitRequest } from '@d3/shared/payments/split-schemas';
import { call } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';

/** POST /payments/splits (issue 34): books the group's places and sends the prompts. */
export function createSplit(body: TCreateSplitRequest) {
  return call(paymentsRoutes.createSplit, { body }, { timeoutMs: BOOKING_TIMEOUT_MS });
}
