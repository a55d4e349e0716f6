import { accountsRoutes } from '@d3/shared/api/routes';
import { usePostMutation } from './post-mutation';

/** POST /users/request-password-reset { email }: the same answer whether or not the account exists. */
export function useRequestPasswordReset() {
  return usePostMutation(accountsRoutes.requestPasswordReset);
}

/** POST /users/reset-password { email, otp, newPassword }. */
export function useResetPassword() {
  return usePostMutation(accountsRoutes.resetPassword);
}
