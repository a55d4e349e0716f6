import { waitlistRoutes } from '@d3/shared/api/routes';
import type { TJoinWaitlistRequest, TWaitlistEntry } from '@d3/shared/bookings/waitlist-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type { TWaitlistEntry };

/** The signed-in customer's waits (issue 36): their own, so keyed by the session. */
export const waitlistKeys = {
  all: ['bookings', 'waitlist'] as const,
  mine: (token: string | null) => ['bookings', 'waitlist', token] as const,
};

/** GET /bookings/waitlist: open waits (and those closed in the last day), with place in line or the hold. */
export function useMyWaits(token: string | null) {
  return useQuery({
    queryKey: waitlistKeys.mine(token),
    queryFn: async ({ signal }) => (await call(waitlistRoutes.mine, {}, { signal })).entries,
    enabled: token !== null,
    staleTime: 0,
  });
}

/** After joining or leaving: the waits, and the slots (a wait counts against a slot's places). */
function useRefreshAfterWaitChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: waitlistKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['bookings', 'slots'] }),
    ]);
}

/** POST /bookings/waitlist: joins a full slot's line. */
export function useJoinWaitlist() {
  const refresh = useRefreshAfterWaitChange();
  return useMutation({
    mutationFn: async (body: TJoinWaitlistRequest) => (await call(waitlistRoutes.join, { body })).entry,
    onSuccess: refresh,
  });
}

/** DELETE /bookings/waitlist/entries/{id}: leaves the line (a place held for the customer passes on). */
export function useLeaveWaitlist() {
  const refresh = useRefreshAfterWaitChange();
  return useMutation({
    mutationFn: async (id: string) => (await call(waitlistRoutes.leave, { params: { id } })).entry,
    onSuccess: refresh,
  });
}
