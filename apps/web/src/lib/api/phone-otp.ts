import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../api-client';

export interface TMessageResponse {
  success: true;
  message: string;
}

/** POST /users/verify-otp { phone, otp } → 400 'Invalid OTP. Please try again.' on a wrong code. */
export function verifyPhoneOtp(body: { phone: string; otp: string }): Promise<TMessageResponse> {
  return apiFetch<TMessageResponse>('/users/verify-otp', { method: 'POST', body });
}

/** POST /users/resend-otp { phone } → 429 with Retry-After when asked again inside 60 s. */
export function resendPhoneOtp(body: { phone: string }): Promise<TMessageResponse> {
  return apiFetch<TMessageResponse>('/users/resend-otp', { method: 'POST', body });
}

export function useVerifyPhoneOtp() {
  return useMutation({ mutationFn: verifyPhoneOtp });
}

export function useResendPhoneOtp() {
  return useMutation({ mutationFn: resendPhoneOtp });
}
