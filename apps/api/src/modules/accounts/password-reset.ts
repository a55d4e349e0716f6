import {
  findMerchantByEmail,
  findUserByEmail,
  type MerchantRow,
  setMerchantPassword,
  setUserPassword,
  type UserRow,
} from './accounts-repository.js';
import { type AccountsContext, otpMessage, sessionsRevoked } from './accounts-service.js';
import { hashPassword } from './password.js';
import type { AccountKind } from './throttle.js';
import { toLocale } from './user-view.js';

/** Password reset of either kind of account: a one-time code by e-mail and SMS, then the new password. */

/** Always resolves the same way: a code goes out only when the account exists. */
export async function requestPasswordReset(
  ctx: AccountsContext,
  kind: AccountKind,
  email: string,
  ip: string,
): Promise<void> {
  const account: UserRow | MerchantRow | undefined =
    kind === 'customer' ? await findUserByEmail(ctx.db, email) : await findMerchantByEmail(ctx.db, email);
  const code = await ctx.otp.issue(
    { purpose: 'password_reset', accountType: kind, accountId: account?.id, destination: email },
    ip,
  );
  if (!code || !account) return;
  const body = otpMessage(code, 'passwordReset', toLocale(account.locale));
  const deliveries = [ctx.senders.email.send(email, body)];
  if (account.phoneNumber) deliveries.push(ctx.senders.sms.send(account.phoneNumber, body));
  for (const result of await Promise.allSettled(deliveries)) {
    if (result.status === 'rejected')
      ctx.log.warn({ err: result.reason, kind, accountId: account.id }, 'password reset code not sent');
  }
}

/** The code is checked and counted first; only a matching code pays for the argon2 hash. */
export async function resetPassword(
  ctx: AccountsContext,
  kind: AccountKind,
  email: string,
  code: string,
  newPassword: string,
  ip: string,
): Promise<void> {
  const otp = await ctx.otp.redeem(
    { purpose: 'password_reset', accountType: kind, destination: email },
    code,
    ip,
    (tx, otp, passwordHash) =>
      kind === 'customer'
        ? setUserPassword(tx, otp.accountId, passwordHash)
        : setMerchantPassword(tx, otp.accountId, passwordHash),
    () => hashPassword(newPassword),
  );
  sessionsRevoked(ctx, kind, otp.accountId);
  await ctx.throttle.resetAccount(kind, email);
}
