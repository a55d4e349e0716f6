import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { PRODUCTION_PROVIDER_ENV } from '../../test/production-env.js';
import { useTempDirs } from '../../test/temp-dirs.js';
import { chooseGoogleVerifier } from './choose-google-verifier.js';
import { LOCAL_GOOGLE_AUDIENCE, LocalGoogleIssuer } from './google-simulator.js';
import { DisabledGoogleVerifier, GoogleTokenError } from './google-verifier.js';

const dataDir = useTempDirs('d3-google-');

describe('chooseGoogleVerifier', () => {
  it('verifies local simulator tokens in development, with the key kept in DATA_DIR', async () => {
    const dir = await dataDir();
    const { verifier, simulator } = chooseGoogleVerifier(loadConfig({ DATA_DIR: dir }));
    const credential = await simulator!.issue({ email: 'Amina@Example.co.ke', givenName: 'Amina' });
    await expect(verifier.verify(credential)).resolves.toMatchObject({
      email: 'amina@example.co.ke',
      emailVerified: true,
      givenName: 'Amina',
    });
    // A second process on the same DATA_DIR accepts the first one's tokens.
    await expect(new LocalGoogleIssuer(dir).verify(credential)).resolves.toMatchObject({
      givenName: 'Amina',
    });
  });

  it('still accepts local simulator tokens in development when GOOGLE_CLIENT_ID is set', async () => {
    const dir = await dataDir();
    const { verifier, simulator } = chooseGoogleVerifier(
      loadConfig({ DATA_DIR: dir, GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' }),
    );
    const local = await simulator!.issue({ email: 'a@b.co', audience: LOCAL_GOOGLE_AUDIENCE });
    await expect(verifier.verify(local)).resolves.toMatchObject({ email: 'a@b.co' });
  });

  it('has no simulator in production and refuses everything without GOOGLE_CLIENT_ID', async () => {
    const { verifier, simulator } = chooseGoogleVerifier(
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: await dataDir(),
        JWT_SECRET: 'x'.repeat(40),
        ...PRODUCTION_PROVIDER_ENV,
      }),
    );
    expect(simulator).toBeUndefined();
    expect(verifier).toBeInstanceOf(DisabledGoogleVerifier);
    await expect(verifier.verify('anything')).rejects.toBeInstanceOf(GoogleTokenError);
  });
});
