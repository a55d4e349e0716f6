import type { merchantAccountsContract } from '@d3/shared/accounts/accounts-contract';
import type { EndpointInput } from '@d3/shared/api/contract';
import { merchantAccountsRoutes } from '@d3/shared/api/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export type TRegisterMerchantRequest = EndpointInput<typeof merchantAccountsContract.register>['body'];

/** POST /merchants/register → 201 `{ access_token, merchant }`; 409 'User already exists'. */
export function registerMerchant(body: TRegisterMerchantRequest) {
  return call(merchantAccountsRoutes.register, { body });
}

/** POST /merchants/login → `{ access_token, merchant }`; 401 'Invalid credentials'. */
export function signInMerchant(body: { email: string; password: string }) {
  return call(merchantAccountsRoutes.login, { body });
}

/** POST /merchants/request-password-reset: the same answer whether or not the account exists. */
export function requestMerchantPasswordReset(body: { email: string }) {
  return call(merchantAccountsRoutes.requestPasswordReset, { body });
}

export function resetMerchantPassword(body: { email: string; otp: string; newPassword: string }) {
  return call(merchantAccountsRoutes.resetPassword, { body });
}

export function useRegisterMerchant() {
  return useMutation({ mutationFn: registerMerchant });
}

export function useSignInMerchant() {
  return useMutation({ mutationFn: signInMerchant });
}

export function useRequestMerchantPasswordReset() {
  return useMutation({ mutationFn: requestMerchantPasswordReset });
}

export function useResetMerchantPassword() {
  return useMutation({ mutationFn: resetMerchantPassword });
}
