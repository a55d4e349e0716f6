import { merchantAccountsContract as c } from '@d3/shared/accounts/accounts-contract';
import { ACCOUNT_MESSAGES, MERCHANT_SETTINGS_MESSAGES } from '@d3/shared/accounts/accounts-schemas';
import { localeFromAcceptLanguage } from '@d3/shared/i18n/locale';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors/app-error.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import type { MerchantRow } from './accounts-repository.js';
import { renamedFieldErrors } from './field-errors.js';
import {
  changeMerchantPassword,
  loginMerchant,
  merchantProfile,
  registerMerchant,
  updateMerchantProfile,
} from './merchant-accounts.js';
import { toMerchantView } from './user-view.js';

/**
 * Merchant accounts (API-CONTRACT "Merchant side"): their own tokens, role 'merchant'. Logout and
 * password reset are sign-out-and-reset-routes.ts, shared with customers.
 */
export default async function merchantRoutes(app: FastifyInstance) {
  const route = contractRoutes(app);
  const afterValidation = { checkAfterValidation: true };

  async function signIn(reply: FastifyReply, merchant: MerchantRow) {
    const accessToken = await app.signAccessToken({
      sub: merchant.id,
      role: 'merchant',
      tv: merchant.tokenVersion,
    });
    app.setAccessTokenCookie(reply, accessToken, 'merchant');
    return accessToken;
  }

  async function profile(id: string) {
    const { merchant, stores } = await merchantProfile(app.accounts, id);
    return {
      success: true as const,
      merchant: toMerchantView(merchant),
      stores: stores.map((store) => ({ ...store, logo_url: store.logoUrl })),
    };
  }

  route(
    c.register,
    async (request, reply) => {
      const locale = request.body.locale ?? localeFromAcceptLanguage(request.headers['accept-language']);
      const merchant = await registerMerchant(app.accounts, { ...request.body, locale });
      const accessToken = await signIn(reply, merchant);
      return reply.status(201).send({
        success: true,
        message: 'Registration successful',
        access_token: accessToken,
        merchant: toMerchantView(merchant),
      });
    },
    { attachValidation: true, preHandler: renamedFieldErrors() },
  );
  route(c.login, async (request, reply) => {
    const merchant = await loginMerchant(app.accounts, request.body.email, request.body.password, request.ip);
    const accessToken = await signIn(reply, merchant);
    return {
      success: true as const,
      message: ACCOUNT_MESSAGES.loggedIn,
      access_token: accessToken,
      merchant: toMerchantView(merchant),
    };
  });
  route(c.me, async (request) => profile(request.session!.sub), afterValidation);
  route(
    c.updateMe,
    async (request) => {
      const merchant = await updateMerchantProfile(app.accounts, request.session!.sub, request.body);
      return {
        success: true as const,
        message: MERCHANT_SETTINGS_MESSAGES.profileUpdated,
        merchant: toMerchantView(merchant),
      };
    },
    { ...afterValidation, attachValidation: true, preHandler: renamedFieldErrors({}) },
  );
  route(
    c.changePassword,
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const merchant = await changeMerchantPassword(
        app.accounts,
        request.session!.sub,
        currentPassword,
        newPassword,
      );
      // The version moved on: this browser gets a fresh token, every other one is refused.
      const accessToken = await signIn(reply, merchant);
      return {
        success: true as const,
        message: MERCHANT_SETTINGS_MESSAGES.passwordChanged,
        access_token: accessToken,
      };
    },
    { ...afterValidation, attachValidation: true, preHandler: renamedFieldErrors({}) },
  );
  route(
    c.profile,
    async (request) => {
      // Own profile only; another merchant's id is refused without looking it up.
      if (request.params.id !== request.session!.sub) throw new AppError('FORBIDDEN');
      return profile(request.params.id);
    },
    afterValidation,
  );
}
