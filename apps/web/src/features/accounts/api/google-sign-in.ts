import type { TUser } from '@d3/shared/accounts/accounts-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export interface TGoogleSignInResponse {
  success: true;
  access_token: string;
  user: TUser;
  isNewUser: boolean;
}

/** POST /users/google-signin { credential, referralSlug? }; 422 'Google authentication failed'. */
export function googleSignIn(body: {
  credential: string;
  referralSlug?: string;
}): Promise<TGoogleSignInResponse> {
  return apiFetch<TGoogleSignInResponse>('/users/google-signin', { method: 'POST', body });
}

export interface TSimulatorIdentity {
  email: string;
  givenName: string;
  familyName: string;
}

/**
 * Development and test only: the API's Google simulator signs an ID token for this identity
 * (POST /dev/google/id-token). The route does not exist in production.
 */
export async function getSimulatorCredential(identity: TSimulatorIdentity): Promise<string> {
  const response = await apiFetch<{ credential: string }>('/dev/google/id-token', {
    method: 'POST',
    body: identity,
  });
  return response.credential;
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
