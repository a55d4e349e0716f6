import type { TMessageResponse } from '../../../lib/api/phone-otp';
import { usePostMutation } from './post-mutation';

/** POST /users/request-password-reset { email }: the same answer whether or not the account exists. */
export function useRequestPasswordReset() {
  return usePostMutation<{ email: string }, TMessageResponse>('/users/request-password-reset');
}

/** POST /users/reset-password { email, otp, newPassword }. */
export function useResetPassword() {
  return usePostMutation<{ email: string; otp: string; newPassword: string }, TMessageResponse>(
    '/users/reset-password',
  );
}
