import type { TUser } from '@d3/shared/accounts/accounts-schemas';
import { apiFetch } from '../../../lib/api-client';
import { usePostMutation } from './post-mutation';

export interface TGoogleSignInResponse {
  success: true;
  access_token: string;
  user: TUser;
  isNewUser: boolean;
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

/** POST /users/google-signin { credential, referralSlug? }; 422 'Google authentication failed'. */
export function useGoogleSignIn() {
  return usePostMutation<{ credential: string; referralSlug?: string }, TGoogleSignInResponse>(
    '/users/google-signin',
  );
}
