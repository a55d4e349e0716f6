import { accountsRoutes, devRoutes } from '@d3/shared/api/routes';
import { call } from '../../../lib/api-client';
import { usePostMutation } from './post-mutation';

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
  return (await call(devRoutes.googleIdToken, { body: identity })).credential;
}

/** POST /users/google-signin { credential, referralSlug? }; 422 'Google authentication failed'. */
export function useGoogleSignIn() {
  return usePostMutation(accountsRoutes.googleSignIn);
}
