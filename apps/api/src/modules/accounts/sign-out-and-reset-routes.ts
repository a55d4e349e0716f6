import { accountsContract, merchantAccountsContract } from '@d3/shared/accounts/accounts-contract';
import { ACCOUNT_MESSAGES } from '@d3/shared/accounts/accounts-schemas';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../plugins/auth.js';
import { contractRoutes } from '../../plugins/contract-route.js';
import { revokeRequestSession } from './logout.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';

/** Each role's entries (its own URLs and OpenAPI tag). */
const ROLE_CONTRACTS = { customer: accountsContract, merchant: merchantAccountsContract } as const;

/**
 * Logout and password reset work alike for customers and merchants: the same bodies and answers,
 * each role under its own URLs, with its own cookie and its own accounts.
 */
export function signOutAndResetRoutes(app: FastifyInstance, role: Role) {
  const c = ROLE_CONTRACTS[role];
  const route = contractRoutes(app);

  route(c.logout, async (request, reply) => {
    await revokeRequestSession(app, request, role);
    app.clearAccessTokenCookie(reply, role);
    return { success: true as const, message: ACCOUNT_MESSAGES.loggedOut };
  });
  route(c.requestPasswordReset, async (request) => {
    await requestPasswordReset(app.accounts, role, request.body.email, request.ip);
    return { success: true as const, message: ACCOUNT_MESSAGES.passwordResetSent };
  });
  route(c.resetPassword, async (request) => {
    const { email, otp, newPassword } = request.body;
    await resetPassword(app.accounts, role, email, otp, newPassword, request.ip);
    return { success: true as const, message: ACCOUNT_MESSAGES.passwordResetDone };
  });
}
