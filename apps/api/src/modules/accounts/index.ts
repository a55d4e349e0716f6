import {
  ACCOUNT_MESSAGES,
  ZAuthResponse,
  ZCurrentUserResponse,
  ZDevGoogleIdTokenRequest,
  ZDevGoogleIdTokenResponse,
  ZGoogleSignInRequest,
  ZGoogleSignInResponse,
  ZLinkGoogleRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResendOtpRequest,
  ZUpdateProfileRequest,
  ZUserMessageResponse,
  ZUserResponse,
  ZVerifyOtpRequest,
} from '@d3/shared/accounts/accounts-schemas';
import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chooseGoogleVerifier } from '../../adapters/google/choose-google-verifier.js';
import { chooseMessageSenders } from '../../adapters/sms/choose-sms-sender.js';
import { requireCustomer } from '../../plugins/auth.js';
import type { UserRow } from './accounts-repository.js';
import { AccountsService, sessionCheck } from './accounts-service.js';
import { renamedFieldErrors } from './field-errors.js';
import merchantRoutes from './merchant-routes.js';
import { signOutAndResetRoutes } from './sign-out-and-reset-routes.js';
import { toUserView } from './user-view.js';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsService;
  }
}

const tags = ['accounts'];

/**
 * Customer accounts (seed 001 §7 "Users and auth") and, through merchant-routes.ts, merchant
 * accounts. Registers the session validators that make password resets revoke older tokens.
 */
export default async function accountsRoutes(app: FastifyInstance) {
  const google = chooseGoogleVerifier(app.config);
  const accounts = new AccountsService({
    db: app.db,
    secret: app.config.jwtSecret,
    otpIpHourlyMax: app.config.otpIpHourlyMax,
    loginIpMax: app.config.loginIpMax,
    senders: chooseMessageSenders(app.config, app.db),
    google: google.verifier,
    log: app.log,
    events: app.events,
  });
  app.decorate('accounts', accounts);
  const isSessionCurrent = sessionCheck(app.db);
  app.setSessionValidator('customer', isSessionCurrent);
  app.setSessionValidator('merchant', isSessionCurrent);

  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Signs the customer in (token and cookie) and answers with the token and their profile. */
  async function signIn(reply: FastifyReply, user: UserRow, message: string) {
    const accessToken = await app.signAccessToken({ sub: user.id, role: 'customer', tv: user.tokenVersion });
    app.setAccessTokenCookie(reply, accessToken);
    return { success: true as const, message, access_token: accessToken, user: toUserView(user) };
  }

  routes.post(
    '/users/register',
    {
      attachValidation: true,
      preHandler: renamedFieldErrors(),
      schema: { tags, body: ZRegisterRequest, response: { 201: ZAuthResponse } },
    },
    async (request, reply) => {
      const user = await accounts.registerCustomer(request.body, request.ip);
      return reply.status(201).send(await signIn(reply, user, ACCOUNT_MESSAGES.registered));
    },
  );

  for (const url of ['/users/login', '/auth/login']) {
    routes.post(
      url,
      { schema: { tags, body: ZLoginRequest, response: { 200: ZAuthResponse } } },
      async (request, reply) => {
        const user = await accounts.loginCustomer(request.body.email, request.body.password, request.ip);
        return signIn(reply, user, ACCOUNT_MESSAGES.loggedIn);
      },
    );
  }

  for (const url of ['/users/profile', '/profile']) {
    routes.get(
      url,
      { preHandler: requireCustomer, schema: { tags, response: { 200: ZUserResponse } } },
      async (request) => ({
        success: true as const,
        user: toUserView(await accounts.getUser(request.session!.sub)),
      }),
    );
  }

  routes.get(
    '/users/current',
    { preHandler: requireCustomer, schema: { tags, response: { 200: ZCurrentUserResponse } } },
    async (request) => ({
      success: true as const,
      data: { user: toUserView(await accounts.getUser(request.session!.sub)) },
    }),
  );

  routes.put(
    '/users/profile',
    {
      attachValidation: true,
      preHandler: [requireCustomer, renamedFieldErrors()],
      schema: { tags, body: ZUpdateProfileRequest, response: { 200: ZUserMessageResponse } },
    },
    async (request) => {
      const user = await accounts.updateProfile(request.session!.sub, request.body);
      return { success: true as const, message: ACCOUNT_MESSAGES.profileUpdated, user: toUserView(user) };
    },
  );

  routes.post(
    '/users/verify-otp',
    { schema: { tags, body: ZVerifyOtpRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await accounts.verifyPhone(request.body.phone, request.body.otp, request.ip);
      return { success: true as const, message: ACCOUNT_MESSAGES.otpVerified };
    },
  );

  routes.post(
    '/users/resend-otp',
    { schema: { tags, body: ZResendOtpRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await accounts.resendPhoneCode(request.body.phone, request.ip);
      return { success: true as const, message: ACCOUNT_MESSAGES.otpResent };
    },
  );

  routes.post(
    '/users/google-signin',
    { schema: { tags, body: ZGoogleSignInRequest, response: { 200: ZGoogleSignInResponse } } },
    async (request, reply) => {
      const { user, isNewUser } = await accounts.googleSignIn(request.body);
      return { ...(await signIn(reply, user, ACCOUNT_MESSAGES.loggedIn)), isNewUser };
    },
  );

  routes.post(
    '/users/link-google',
    {
      preHandler: requireCustomer,
      config: { changesPublicData: false },
      schema: { tags, body: ZLinkGoogleRequest, response: { 200: ZUserMessageResponse } },
    },
    async (request) => {
      const user = await accounts.linkGoogle(request.session!.sub, request.body.credential);
      return { success: true as const, message: ACCOUNT_MESSAGES.googleLinked, user: toUserView(user) };
    },
  );

  routes.delete(
    '/users/unlink-google',
    {
      preHandler: requireCustomer,
      config: { changesPublicData: false },
      schema: { tags, response: { 200: ZUserMessageResponse } },
    },
    async (request) => {
      const user = await accounts.unlinkGoogle(request.session!.sub);
      return { success: true as const, message: ACCOUNT_MESSAGES.googleUnlinked, user: toUserView(user) };
    },
  );

  const simulator = google.simulator;
  if (!app.config.isProduction && simulator) {
    // Development only: mint a credential from the local Google simulator (browser and tests).
    routes.post(
      '/dev/google/id-token',
      {
        schema: {
          tags: ['dev'],
          body: ZDevGoogleIdTokenRequest,
          response: { 200: ZDevGoogleIdTokenResponse },
        },
      },
      async (request) => ({ credential: await simulator.issue(request.body) }),
    );
  }

  signOutAndResetRoutes(app, 'customer');
  signOutAndResetRoutes(app, 'merchant');
  await app.register(merchantRoutes);
}
