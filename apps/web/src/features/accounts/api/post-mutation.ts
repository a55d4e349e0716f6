import type { EndpointInput } from '@d3/shared/api/contract';
import type { EndpointOf, RouteRef } from '@d3/shared/api/route-ref';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

type TBodyOf<R> = EndpointInput<EndpointOf<R>> extends { body?: infer B } ? B : never;

/** A mutation that sends its body to one of the accounts entries and resolves with the entry's answer. */
// biome-ignore lint/suspicious/noExplicitAny: any entry with a body
export function usePostMutation<R extends RouteRef<any>>(route: R) {
  return useMutation({
    mutationFn: (body: TBodyOf<R>) =>
      (call as (r: R, input: { body: TBodyOf<R> }) => ReturnType<typeof call<R>>)(route, { body }),
  });
}
