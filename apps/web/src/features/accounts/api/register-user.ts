import type { TUser } from '@d3/shared/accounts/accounts-schemas';
import { usePostMutation } from './post-mutation';

export interface TRegisterUserRequest {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  password: string;
  /** From a referral link `/accounts/sign-up?ref=<slug>` (API contract decision 10). */
  referralSlug?: string;
}

export interface TAuthResponse {
  success: true;
  message?: string;
  access_token: string;
  user: TUser;
}

/** POST /users/register → 201 with the token and the new user; an OTP goes out by SMS. */
export function useRegisterUser() {
  return usePostMutation<TRegisterUserRequest, TAuthResponse>('/users/register');
}
