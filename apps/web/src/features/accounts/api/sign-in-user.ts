import { usePostMutation } from './post-mutation';
import type { TAuthResponse } from './register-user';

export interface TSignInRequest {
  email: string;
  password: string;
}

/** POST /users/login: 401 'Invalid credentials', 429 'Too many requests. Please try again in N seconds.' */
export function useSignInUser() {
  return usePostMutation<TSignInRequest, TAuthResponse>('/users/login');
}
