import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { OAuth2Client } from 'google-auth-library';
import { SignJWT } from 'jose';
import {
  type GoogleIdentity,
  GoogleTokenError,
  type GoogleVerifier,
  identityFrom,
} from './google-verifier.js';

export const LOCAL_GOOGLE_ISSUER = 'https://accounts.google.local';
export const LOCAL_GOOGLE_AUDIENCE = 'd3-local-google-client';

export interface LocalIdTokenClaims {
  email: string;
  givenName?: string | undefined;
  familyName?: string | undefined;
  emailVerified?: boolean | undefined;
  /** Defaults to a stable id derived from the e-mail, like Google's per-account `sub`. */
  sub?: string | undefined;
  audience?: string | undefined;
  issuer?: string | undefined;
  /** Seconds from now; negative for an already expired token. */
  expiresIn?: number | undefined;
}

interface KeyPair {
  kid: string;
  privateKey: KeyObject;
  publicPem: string;
}

/**
 * A local stand-in for Google's sign-in: it signs RS256 ID tokens with its own key pair and
 * verifies them with the same google-auth-library routine (`verifySignedJwtWithCertsAsync`)
 * that checks real Google tokens, so signature, audience, issuer and expiry checks all run.
 * The key is kept in DATA_DIR so every process sharing it accepts the others' tokens.
 */
export class LocalGoogleIssuer implements GoogleVerifier {
  private keys: KeyPair | undefined;
  private readonly client = new OAuth2Client();

  constructor(private readonly dataDir: string) {}

  private keyPair(): KeyPair {
    if (this.keys) return this.keys;
    const file = path.join(this.dataDir, 'google-simulator-key.pem');
    let pem: string;
    try {
      pem = readFileSync(file, 'utf8');
    } catch {
      mkdirSync(this.dataDir, { recursive: true });
      const generated = generateKeyPairSync('rsa', { modulusLength: 2048 });
      pem = generated.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      try {
        writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
      } catch {
        pem = readFileSync(file, 'utf8'); // another process wrote it first
      }
    }
    const privateKey = createPrivateKey(pem);
    const publicPem = createPublicKey(privateKey).export({ type: 'spki', format: 'pem' }).toString();
    const kid = createHash('sha256').update(publicPem).digest('hex').slice(0, 16);
    this.keys = { kid, privateKey, publicPem };
    return this.keys;
  }

  async issue(claims: LocalIdTokenClaims): Promise<string> {
    const { kid, privateKey } = this.keyPair();
    const email = claims.email.toLowerCase();
    const now = Math.floor(Date.now() / 1000);
    const expiresIn = claims.expiresIn ?? 3600;
    return new SignJWT({
      email,
      email_verified: claims.emailVerified ?? true,
      ...(claims.givenName ? { given_name: claims.givenName } : {}),
      ...(claims.familyName ? { family_name: claims.familyName } : {}),
      name: [claims.givenName, claims.familyName].filter(Boolean).join(' ') || undefined,
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(claims.issuer ?? LOCAL_GOOGLE_ISSUER)
      .setAudience(claims.audience ?? LOCAL_GOOGLE_AUDIENCE)
      .setSubject(claims.sub ?? `local-${createHash('sha256').update(email).digest('hex').slice(0, 21)}`)
      .setIssuedAt(Math.min(now, now + expiresIn - 60))
      .setExpirationTime(now + expiresIn)
      .sign(privateKey);
  }

  async verify(credential: string): Promise<GoogleIdentity> {
    const { kid, publicPem } = this.keyPair();
    try {
      const ticket = await this.client.verifySignedJwtWithCertsAsync(
        credential,
        { [kid]: publicPem },
        LOCAL_GOOGLE_AUDIENCE,
        [LOCAL_GOOGLE_ISSUER],
      );
      return identityFrom(ticket.getPayload());
    } catch (error) {
      if (error instanceof GoogleTokenError) throw error;
      throw new GoogleTokenError('Local Google ID token rejected', { cause: error });
    }
  }
}
