import { ACCOUNT_MESSAGES } from '@d3/shared/accounts/accounts-schemas';
import { DEFAULT_LOCALE } from '@d3/shared/i18n/locale';
import { GoogleTokenError } from '../../adapters/google/google-verifier.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors/app-error.js';
import {
  findUserByEmail,
  findUserByGoogleSub,
  findUserIdByReferralSlug,
  type UserRow,
  updateUser,
} from './accounts-repository.js';
import { type AccountsContext, createUser, type GoogleInput, getUser } from './accounts-service.js';

/** Google sign-in, and linking or unlinking a Google account to a customer (seed 000 §2 "Sign in with Google"). */

async function verifyGoogle(ctx: AccountsContext, credential: string) {
  try {
    return await ctx.google.verify(credential);
  } catch (error) {
    if (error instanceof GoogleTokenError) {
      ctx.log.info({ reason: error.message }, 'Google credential rejected');
      throw new AppError('GOOGLE_AUTH_FAILED');
    }
    throw error;
  }
}

/** Finds by Google id, else links by a Google-verified e-mail, else creates the account. */
export async function googleSignIn(
  ctx: AccountsContext,
  input: GoogleInput,
): Promise<{ user: UserRow; isNewUser: boolean }> {
  const identity = await verifyGoogle(ctx, input.credential);
  const linked = await findUserByGoogleSub(ctx.db, identity.sub);
  if (linked) return { user: linked, isNewUser: false };

  const byEmail = await findUserByEmail(ctx.db, identity.email);
  if (byEmail) {
    // Only an address Google has verified may take over the account that owns it.
    if (!identity.emailVerified || byEmail.googleSub) throw new AppError('USER_EXISTS');
    const user = await updateUser(ctx.db, byEmail.id, {
      googleSub: identity.sub,
      isEmailVerified: true,
      ...(byEmail.avatar ? {} : { avatar: identity.picture ?? null }),
    });
    return { user: user ?? byEmail, isNewUser: false };
  }

  const referredBy = input.referralSlug
    ? await findUserIdByReferralSlug(ctx.db, input.referralSlug)
    : undefined;
  try {
    const user = await createUser(ctx, {
      firstName: identity.givenName?.trim() || identity.email.split('@')[0] || 'Member',
      lastName: identity.familyName?.trim() ?? '',
      email: identity.email,
      passwordHash: null,
      googleSub: identity.sub,
      isEmailVerified: identity.emailVerified,
      avatar: identity.picture ?? null,
      referredBy: referredBy ?? null,
      locale: input.locale ?? DEFAULT_LOCALE,
    });
    return { user, isNewUser: true };
  } catch (error) {
    // A concurrent sign-in with the same Google account created it first.
    const winner = await findUserByGoogleSub(ctx.db, identity.sub);
    if (winner) return { user: winner, isNewUser: false };
    throw error;
  }
}

export async function linkGoogle(ctx: AccountsContext, userId: string, credential: string): Promise<UserRow> {
  const identity = await verifyGoogle(ctx, credential);
  const owner = await findUserByGoogleSub(ctx.db, identity.sub);
  if (owner && owner.id !== userId) throw new AppError('GOOGLE_ACCOUNT_IN_USE');
  try {
    const user = await updateUser(ctx.db, userId, { googleSub: identity.sub });
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  } catch (error) {
    if (uniqueViolation(error)?.includes('google_sub')) throw new AppError('GOOGLE_ACCOUNT_IN_USE');
    throw error;
  }
}

export async function unlinkGoogle(ctx: AccountsContext, userId: string): Promise<UserRow> {
  const user = await getUser(ctx, userId);
  if (!user.passwordHash) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.googleUnlinkNeedsPassword);
  const updated = await updateUser(ctx.db, userId, { googleSub: null });
  if (!updated) throw new AppError('USER_NOT_FOUND');
  return updated;
}
