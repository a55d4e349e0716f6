import { useMutation } from '@tanstack/react-query';
import type { TMessageResponse } from '../../../lib/api/phone-otp';
import { apiFetch } from '../../../lib/api-client';

/** POST /users/request-password-reset { email }: the same answer whether or not the account exists. */
export function requestPasswordReset(body: { email: string }): Promise<TMessageResponse> {
  return apiFetch<TMessageResponse>('/users/request-password-reset', { method: 'POST', body });
}

/** POST /users/reset-password { email, otp, newPassword }. */
export function resetPassword(body: {
  email: string;
  otp: string;
  newPassword: string;
}): Promise<TMessageResponse> {
  return apiFetch<TMessageResponse>('/users/reset-password', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
