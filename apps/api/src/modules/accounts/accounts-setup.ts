import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chooseGoogleVerifier } from '../../adapters/google/choose-google-verifier.js';
import type { LocalGoogleIssuer } from '../../adapters/google/google-simulator.js';
import { chooseMessageSenders } from '../../adapters/sms/choose-sms-sender.js';
import { type AccountsContext, createAccountsContext } from './accounts-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the accounts use cases work with (accounts-service.ts functions take it first). */
    accounts: AccountsContext;
    /** The local Google ID-token issuer (development and tests only), for the dev route that mints credentials. */
    googleSimulator: LocalGoogleIssuer | undefined;
  }
}

/**
 * Registered on the root app (docs/decisions/0402): the accounts context (SMS and e-mail senders,
 * Google sign-in, one-time codes, the sign-in throttle). The session validators that make a logout or
 * password reset end older tokens are set in app.ts, where the auth plugin is.
 */
export default fp(
  async function accountsSetup(app: FastifyInstance) {
    const google = chooseGoogleVerifier(app.config);
    app.decorate(
      'accounts',
      createAccountsContext({
        db: app.db,
        secret: app.config.jwtSecret,
        otpIpHourlyMax: app.config.otpIpHourlyMax,
        loginIpMax: app.config.loginIpMax,
        senders: chooseMessageSenders(app.config, app.db),
        google: google.verifier,
        log: app.log,
        events: app.events,
      }),
    );
    app.decorate('googleSimulator', google.simulator);
  },
  { name: 'accounts-setup' },
);
