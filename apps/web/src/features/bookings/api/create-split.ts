import type { TCreateSplitRequest, TSplitResponse } from '@d3/shared/payments/split-schemas';
import { apiFetch } from '../../../lib/api-client';
import { BOOKING_TIMEOUT_MS } from './booking-errors';

/** POST /payments/splits (issue 34): books the group's places and sends the prompts. */
export function createSplit(body: TCreateSplitRequest) {
  return apiFetch<TSplitResponse>('/payments/splits', {
    method: 'POST',
    body,
    timeoutMs: BOOKING_TIMEOUT_MS,
  });
}
