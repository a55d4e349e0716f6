import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import type { TAuthResponse } from './register-user';

export interface TSignInRequest {
  email: string;
  password: string;
}

/** POST /users/login: 401 'Invalid credentials', 429 'Too many requests. Please try again in N seconds.' */
export function signInUser(body: TSignInRequest): Promise<TAuthResponse> {
  return apiFetch<TAuthResponse>('/users/login', { method: 'POST', body });
}

export function useSignInUser() {
  return useMutation({ mutationFn: signInUser });
}
