import { accountsRoutes } from '@d3/shared/api/routes';
import { usePostMutation } from './post-mutation';

/** POST /users/register → 201 with the token and the new user; an OTP goes out by SMS. */
export function useRegisterUser() {
  return usePostMutation(accountsRoutes.register);
}
