import { paymentsRoutes } from '@d3/shared/api/routes';
import type { TSplitView } from '@d3/shared/payments/split-schemas';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { isSplitLive } from '../lib/split-labels';

/** How often a split's page reads it while anyone may still pay or a refund is on its way ("live"). */
export const SPLIT_POLL_MS = 3_000;

export const splitKeys = {
  link: (token: string) => ['splits', 'link', token] as const,
  organiser: (id: string) => ['splits', 'organiser', id] as const,
};

const refetchWhileLive = (query: { state: { data?: TSplitView } }) =>
  query.state.data && isSplitLive(query.state.data) ? SPLIT_POLL_MS : false;

/** GET /payments/splits/link/{token}: what anyone holding the share link sees. */
export function splitLinkQuery(token: string) {
  return queryOptions({
    queryKey: splitKeys.link(token),
    queryFn: async ({ signal }) =>
      (await call(paymentsRoutes.splitByLink, { params: { token } }, { signal })).split,
    refetchInterval: refetchWhileLive,
    retry: false,
  });
}

/** GET /payments/splits/{id}: the organiser's live view (who has paid). */
export function organiserSplitQuery(id: string) {
  return queryOptions({
    queryKey: splitKeys.organiser(id),
    queryFn: async ({ signal }) => (await call(paymentsRoutes.split, { params: { id } }, { signal })).split,
    refetchInterval: refetchWhileLive,
    retry: false,
  });
}

/** POST /payments/splits/link/{token}/pay: a friend pays a share from their own M-Pesa. */
export function payShareByLink(token: string, phoneNumber: string) {
  return call(paymentsRoutes.payShareByLink, { params: { token }, body: { phoneNumber } });
}

/** POST /payments/splits/{id}/shares/{position}/push: the organiser sends a share's prompt again. */
export function pushShareAgain(id: string, position: number) {
  return call(paymentsRoutes.pushShare, { params: { id, position }, body: {} });
}
