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
import { localeFromAcceptLanguage } from '@d3/shared/i18n/locale';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCustomer } from '../../plugins/auth.js';
import type { UserRow } from './accounts-repository.js';
import {
  getUser,
  googleSignIn,
  linkGoogle,
  loginCustomer,
  registerCustomer,
  resendPhoneCode,
  unlinkGoogle,
  updateProfile,
  verifyPhone,
} from './accounts-service.js';
import { renamedFieldErrors } from './field-errors.js';
import merchantRoutes from './merchant-routes.js';
import { signOutAndResetRoutes } from './sign-out-and-reset-routes.js';
import { toUserView } from './user-view.js';

const tags = ['accounts'];

/**
 * Customer accounts (seed 001 §7 "Users and auth") and, through merchant-routes.ts, merchant
 * accounts. The accounts context and the session validators are built in accounts-setup.ts.
 */
export default async function accountsRoutes(app: FastifyInstance) {
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
      const locale = request.body.locale ?? localeFromAcceptLanguage(request.headers['accept-language']);
      const user = await registerCustomer(app.accounts, { ...request.body, locale }, request.ip);
      return reply.status(201).send(await signIn(reply, user, ACCOUNT_MESSAGES.registered));
    },
  );

  for (const url of ['/users/login', '/auth/login']) {
    routes.post(
      url,
      { schema: { tags, body: ZLoginRequest, response: { 200: ZAuthResponse } } },
      async (request, reply) => {
        const user = await loginCustomer(app.accounts, request.body.email, request.body.password, request.ip);
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
        user: toUserView(await getUser(app.accounts, request.session!.sub)),
      }),
    );
  }

  routes.get(
    '/users/current',
    { preHandler: requireCustomer, schema: { tags, response: { 200: ZCurrentUserResponse } } },
    async (request) => ({
      success: true as const,
      data: { user: toUserView(await getUser(app.accounts, request.session!.sub)) },
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
      const user = await updateProfile(app.accounts, request.session!.sub, request.body);
      return { success: true as const, message: ACCOUNT_MESSAGES.profileUpdated, user: toUserView(user) };
    },
  );

  routes.post(
    '/users/verify-otp',
    { schema: { tags, body: ZVerifyOtpRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await verifyPhone(app.accounts, request.body.phone, request.body.otp, request.ip);
      return { success: true as const, message: ACCOUNT_MESSAGES.otpVerified };
    },
  );

  routes.post(
    '/users/resend-otp',
    { schema: { tags, body: ZResendOtpRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      const locale = localeFromAcceptLanguage(request.headers['accept-language']);
      await resendPhoneCode(app.accounts, request.body.phone, request.ip, locale);
      return { success: true as const, message: ACCOUNT_MESSAGES.otpResent };
    },
  );

  routes.post(
    '/users/google-signin',
    { schema: { tags, body: ZGoogleSignInRequest, response: { 200: ZGoogleSignInResponse } } },
    async (request, reply) => {
      const locale = request.body.locale ?? localeFromAcceptLanguage(request.headers['accept-language']);
      const { user, isNewUser } = await googleSignIn(app.accounts, { ...request.body, locale });
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
      const user = await linkGoogle(app.accounts, request.session!.sub, request.body.credential);
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
      const user = await unlinkGoogle(app.accounts, request.session!.sub);
      return { success: true as const, message: ACCOUNT_MESSAGES.googleUnlinked, user: toUserView(user) };
    },
  );

  const simulator = app.googleSimulator;
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
