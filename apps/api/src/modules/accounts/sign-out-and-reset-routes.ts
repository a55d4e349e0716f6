import {
  ACCOUNT_MESSAGES,
  ZRequestPasswordResetRequest,
  ZResetPasswordRequest,
} from '@d3/shared/accounts/accounts-schemas';
import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Role } from '../../plugins/auth.js';
import { requestPasswordReset, resetPassword } from './accounts-service.js';
import { revokeRequestSession } from './logout.js';

/** Each role's URL prefix and OpenAPI tag. */
const ROLE_ROUTES: Record<Role, { prefix: string; tags: string[] }> = {
  customer: { prefix: '/users', tags: ['accounts'] },
  merchant: { prefix: '/merchants', tags: ['merchants'] },
};

/**
 * Logout and password reset work alike for customers and merchants: the same bodies and answers,
 * each role under its own URLs, with its own cookie and its own accounts.
 */
export function signOutAndResetRoutes(app: FastifyInstance, role: Role) {
  const { prefix, tags } = ROLE_ROUTES[role];
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    `${prefix}/logout`,
    { schema: { tags, response: { 200: ZMessageResponse } } },
    async (request, reply) => {
      await revokeRequestSession(app, request, role);
      app.clearAccessTokenCookie(reply, role);
      return { success: true as const, message: ACCOUNT_MESSAGES.loggedOut };
    },
  );

  routes.post(
    `${prefix}/request-password-reset`,
    { schema: { tags, body: ZRequestPasswordResetRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      await requestPasswordReset(app.accounts, role, request.body.email, request.ip);
      return { success: true as const, message: ACCOUNT_MESSAGES.passwordResetSent };
    },
  );

  routes.post(
    `${prefix}/reset-password`,
    { schema: { tags, body: ZResetPasswordRequest, response: { 200: ZMessageResponse } } },
    async (request) => {
      const { email, otp, newPassword } = request.body;
      await resetPassword(app.accounts, role, email, otp, newPassword, request.ip);
      return { success: true as const, message: ACCOUNT_MESSAGES.passwordResetDone };
    },
  );
}
