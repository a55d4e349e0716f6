import type { TMerchant } from '@d3/shared/accounts/accounts-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export type TMerchantAuthResponse = {
  success: true;
  message?: string;
  access_token: string;
  merchant: TMerchant;
};

export type TRegisterMerchantRequest = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
};

type TMessageResponse = { success: true; message?: string };

/** POST /merchants/register → 201 `{ access_token, merchant }`; 409 'User already exists'. */
export function registerMerchant(body: TRegisterMerchantRequest): Promise<TMerchantAuthResponse> {
  return apiClient.post<TMerchantAuthResponse>('/merchants/register', body);
}

/** POST /merchants/login → `{ access_token, merchant }`; 401 'Invalid credentials'. */
export function signInMerchant(body: { email: string; password: string }): Promise<TMerchantAuthResponse> {
  return apiClient.post<TMerchantAuthResponse>('/merchants/login', body);
}

/** POST /merchants/request-password-reset: the same answer whether or not the account exists. */
export function requestMerchantPasswordReset(body: { email: string }): Promise<TMessageResponse> {
  return apiClient.post<TMessageResponse>('/merchants/request-password-reset', body);
}

export function resetMerchantPassword(body: {
  email: string;
  otp: string;
  newPassword: string;
}): Promise<TMessageResponse> {
  return apiClient.post<TMessageResponse>('/merchants/reset-password', body);
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
