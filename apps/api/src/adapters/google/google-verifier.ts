import { OAuth2Client, type TokenPayload } from 'google-auth-library';

/** What a verified Google ID token says about its holder. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  picture: string | undefined;
}

export interface GoogleVerifier {
  /** Throws GoogleTokenError when the credential is not a valid ID token for this app. */
  verify(credential: string): Promise<GoogleIdentity>;
}

export class GoogleTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GoogleTokenError';
  }
}

export function identityFrom(payload: TokenPayload | undefined): GoogleIdentity {
  if (!payload?.sub || !payload.email) throw new GoogleTokenError('ID token carries no subject or e-mail');
  return {
    sub: payload.sub,
    email: payload.email.toLowerCase(),
    emailVerified: payload.email_verified === true,
    givenName: payload.given_name,
    familyName: payload.family_name,
    picture: payload.picture,
  };
}

/**
 * Google's own ID tokens: signature against Google's published certificates, audience
 * (our client id), issuer accounts.google.com and expiry, all checked by google-auth-library.
 */
export class GoogleIdTokenVerifier implements GoogleVerifier {
  private readonly client: OAuth2Client;

  constructor(private readonly clientId: string) {
    this.client = new OAuth2Client({ clientId });
  }

  async verify(credential: string): Promise<GoogleIdentity> {
    try {
      const ticket = await this.client.verifyIdToken({ idToken: credential, audience: this.clientId });
      return identityFrom(ticket.getPayload());
    } catch (error) {
      if (error instanceof GoogleTokenError) throw error;
      throw new GoogleTokenError('Google ID token rejected', { cause: error });
    }
  }
}

/** Reads the unverified `iss` claim, only to pick which verifier checks the token. */
export function unverifiedIssuer(credential: string): string | undefined {
  const [, payload] = credential.split('.');
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof claims.iss === 'string' ? claims.iss : undefined;
  } catch {
    return undefined;
  }
}

/** Production without GOOGLE_CLIENT_ID: Google sign-in is off, every credential is refused. */
export class DisabledGoogleVerifier implements GoogleVerifier {
  async verify(): Promise<GoogleIdentity> {
    throw new GoogleTokenError('Google sign-in is not configured');
  }
}
