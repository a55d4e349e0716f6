import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** A mutation that POSTs its body to one of the accounts routes and resolves with the route's answer. */
export function usePostMutation<TBody, TResponse>(path: string) {
  return useMutation({ mutationFn: (body: TBody) => apiFetch<TResponse>(path, { method: 'POST', body }) });
}
