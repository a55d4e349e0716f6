import type { Config } from '../../config.js';
import { LOCAL_GOOGLE_ISSUER, LocalGoogleIssuer } from './google-simulator.js';
import {
  DisabledGoogleVerifier,
  type GoogleIdentity,
  GoogleIdTokenVerifier,
  type GoogleVerifier,
  unverifiedIssuer,
} from './google-verifier.js';

export interface GoogleSignIn {
  verifier: GoogleVerifier;
  /** The local issuer (development and tests only), for the dev route that mints credentials. */
  simulator: LocalGoogleIssuer | undefined;
}

/**
 * Production: Google's tokens only (GOOGLE_CLIENT_ID; without it Google sign-in is off).
 * Development and tests: the local simulator, and Google's real tokens too when GOOGLE_CLIENT_ID
 * is set, told apart by their issuer (each verifier then checks everything itself).
 */
export function chooseGoogleVerifier(config: Config): GoogleSignIn {
  const real = config.googleClientId ? new GoogleIdTokenVerifier(config.googleClientId) : undefined;
  if (config.isProduction) return { verifier: real ?? new DisabledGoogleVerifier(), simulator: undefined };
  const simulator = new LocalGoogleIssuer(config.dataDir);
  const verifier: GoogleVerifier = {
    verify(credential: string): Promise<GoogleIdentity> {
      if (real && unverifiedIssuer(credential) !== LOCAL_GOOGLE_ISSUER) return real.verify(credential);
      return simulator.verify(credential);
    },
  };
  return { verifier, simulator };
}
