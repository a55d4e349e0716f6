import { accountsContract as c } from '@d3/shared/accounts/accounts-contract';
import { ACCOUNT_MESSAGES } from '@d3/shared/accounts/accounts-schemas';
import { localeFromAcceptLanguage } from '@d3/shared/i18n/locale';
import { devContract } from '@d3/shared/platform/dev-contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contractRoutes } from '../../plugins/contract-route.js';
import type { UserRow } from './accounts-repository.js';
import {
  getUser,
  loginCustomer,
  registerCustomer,
  resendPhoneCode,
  updateProfile,
  verifyPhone,
} from './accounts-service.js';
import { renamedFieldErrors } from './field-errors.js';
import { googleSignIn, linkGoogle, unlinkGoogle } from './google-sign-in.js';
import merchantRoutes from './merchant-routes.js';
import { signOutAndResetRoutes } from './sign-out-and-reset-routes.js';
import { toUserView } from './user-view.js';

/**
 * Customer accounts (seed 001 §7 "Users and auth") and, through merchant-routes.ts, merchant
 * accounts. The accounts context and the session validators are built in accounts-setup.ts.
 */
export default async function accountsRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const subOf = (request: { session: { sub: string } | null }) => request.session!.sub;
  // These customer routes check the session after validation (a bad body is 400 first).
  const afterValidation = { checkAfterValidation: true };

  /** Signs the customer in (token and cookie) and answers with the token and their profile. */
  async function signIn(reply: FastifyReply, user: UserRow, message: string) {
    const accessToken = await app.signAccessToken({ sub: user.id, role: 'customer', tv: user.tokenVersion });
    app.setAccessTokenCookie(reply, accessToken);
    return { success: true as const, message, access_token: accessToken, user: toUserView(user) };
  }

  route(
    c.register,
    async (request, reply) => {
      const locale = request.body.locale ?? localeFromAcceptLanguage(request.headers['accept-language']);
      const user = await registerCustomer(app.accounts, { ...request.body, locale }, request.ip);
      return reply.status(201).send(await signIn(reply, user, ACCOUNT_MESSAGES.registered));
    },
    { attachValidation: true, preHandler: renamedFieldErrors() },
  );
  route(c.login, async (request, reply) => {
    const user = await loginCustomer(app.accounts, request.body.email, request.body.password, request.ip);
    return signIn(reply, user, ACCOUNT_MESSAGES.loggedIn);
  });
  route(
    c.profile,
    async (request) => ({
      success: true as const,
      user: toUserView(await getUser(app.accounts, subOf(request))),
    }),
    afterValidation,
  );
  route(
    c.current,
    async (request) => ({
      success: true as const,
      data: { user: toUserView(await getUser(app.accounts, subOf(request))) },
    }),
    afterValidation,
  );
  route(
    c.updateProfile,
    async (request) => {
      const user = await updateProfile(app.accounts, subOf(request), request.body);
      return { success: true as const, message: ACCOUNT_MESSAGES.profileUpdated, user: toUserView(user) };
    },
    { ...afterValidation, attachValidation: true, preHandler: renamedFieldErrors() },
  );
  route(c.verifyOtp, async (request) => {
    await verifyPhone(app.accounts, request.body.phone, request.body.otp, request.ip);
    return { success: true as const, message: ACCOUNT_MESSAGES.otpVerified };
  });
  route(c.resendOtp, async (request) => {
    const locale = localeFromAcceptLanguage(request.headers['accept-language']);
    await resendPhoneCode(app.accounts, request.body.phone, request.ip, locale);
    return { success: true as const, message: ACCOUNT_MESSAGES.otpResent };
  });
  route(c.googleSignIn, async (request, reply) => {
    const locale = request.body.locale ?? localeFromAcceptLanguage(request.headers['accept-language']);
    const { user, isNewUser } = await googleSignIn(app.accounts, { ...request.body, locale });
    return { ...(await signIn(reply, user, ACCOUNT_MESSAGES.loggedIn)), isNewUser };
  });
  const privateWrite = { ...afterValidation, config: { changesPublicData: false } };
  route(
    c.linkGoogle,
    async (request) => {
      const user = await linkGoogle(app.accounts, subOf(request), request.body.credential);
      return { success: true as const, message: ACCOUNT_MESSAGES.googleLinked, user: toUserView(user) };
    },
    privateWrite,
  );
  route(
    c.unlinkGoogle,
    async (request) => {
      const user = await unlinkGoogle(app.accounts, subOf(request));
      return { success: true as const, message: ACCOUNT_MESSAGES.googleUnlinked, user: toUserView(user) };
    },
    privateWrite,
  );

  const simulator = app.googleSimulator;
  if (!app.config.isProduction && simulator) {
    // Development only: mint a credential from the local Google simulator (browser and tests).
    route(devContract.googleIdToken, async (request) => ({
      credential: await simulator.issue(request.body),
    }));
  }

  signOutAndResetRoutes(app, 'customer');
  signOutAndResetRoutes(app, 'merchant');
  await app.register(merchantRoutes);
}
