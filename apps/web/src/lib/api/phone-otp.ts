import { accountsRoutes } from '@d3/shared/api/routes';
import { useMutation } from '@tanstack/react-query';
import { call } from '../api-client';

/** POST /users/verify-otp { phone, otp } → 400 'Invalid OTP. Please try again.' on a wrong code. */
export function verifyPhoneOtp(body: { phone: string; otp: string }) {
  return call(accountsRoutes.verifyOtp, { body });
}

/** POST /users/resend-otp { phone } → 429 with Retry-After when asked again inside 60 s. */
export function resendPhoneOtp(body: { phone: string }) {
  return call(accountsRoutes.resendOtp, { body });
}

export function useVerifyPhoneOtp() {
  return useMutation({ mutationFn: verifyPhoneOtp });
}

export function useResendPhoneOtp() {
  return useMutation({ mutationFn: resendPhoneOtp });
}
