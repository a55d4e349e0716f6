import { z } from 'zod';
import { ZLocale } from '../i18n/locale-schema.js';
import { normalizeKenyanPhone } from './phone-rules.js';

/** Seed 000 §5 texts, gathered so forms and API say the same thing. */
export const ACCOUNT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  signInEmailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid Kenyan phone number',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'Please accept the Terms & Conditions to continue',
  otpIncomplete: 'Please enter the complete 6-digit OTP',
  otpInvalid: 'Invalid OTP. Please try again.',
  otpVerified: 'Phone number verified successfully!',
  otpResent: 'OTP resent successfully!',
  emailCannotChange: 'Email cannot be changed',
  profileUpdated: 'Profile updated successfully!',
  userExists: 'User already exists',
  invalidCredentials: 'Invalid credentials',
  registered: 'Registration successful. Please verify your phone number.',
  loggedIn: 'Login successful',
  loggedOut: 'Logged out successfully',
  otpTooManyAttempts: 'Too many attempts. Please request a new code.',
  passwordResetSent: 'If an account exists for this email, a reset code has been sent.',
  passwordResetDone: 'Password reset successfully. Please sign in with your new password.',
  googleAuthFailed: 'Google authentication failed',
  googleLinked: 'Google account linked successfully',
  googleUnlinked: 'Google account unlinked successfully',
  googleAccountInUse: 'This Google account is already linked to another user',
  googleUnlinkNeedsPassword: 'Set a password before unlinking Google, or you will not be able to sign in.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const OTP_LENGTH = 6;
export const OTP_RESEND_SECONDS = 60;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;

const requiredName = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(60, { error: 'Must be at most 60 characters' });

export const ZAccountEmail = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.emailRequired })
  .max(254, { error: ACCOUNT_MESSAGES.emailInvalid })
  .pipe(z.email({ error: ACCOUNT_MESSAGES.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const ZNewPassword = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: ACCOUNT_MESSAGES.passwordTooLong });

/** A Kenyan phone number in any common spelling, output as E.164. */
export const ZKenyanPhone = z
  .string({ error: ACCOUNT_MESSAGES.phoneRequired })
  .trim()
  .min(1, { error: ACCOUNT_MESSAGES.phoneRequired })
  .transform((value, ctx) => {
    const phone = normalizeKenyanPhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

export const ZOtp = z
  .string({ error: ACCOUNT_MESSAGES.otpIncomplete })
  .regex(/^\d{6}$/, { error: ACCOUNT_MESSAGES.otpIncomplete });

/** POST /users/register and POST /merchants/register. */
export const ZRegisterRequest = z.object({
  firstName: requiredName(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: requiredName(ACCOUNT_MESSAGES.lastNameRequired),
  email: ZAccountEmail,
  phoneNumber: ZKenyanPhone,
  password: ZNewPassword,
  referralSlug: z.string().trim().max(80).optional(),
  /** The language the visitor chose on the site; absent: the request's Accept-Language (issue 33). */
  locale: ZLocale.optional(),
});
export type TRegisterRequest = z.input<typeof ZRegisterRequest>;

/** The sign-up form adds what the server never receives: confirmation and terms. */
export const ZSignUpForm = ZRegisterRequest.omit({ referralSlug: true, locale: true })
  .extend({
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((accepted) => accepted, { error: ACCOUNT_MESSAGES.termsRequired }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TSignUpForm = z.input<typeof ZSignUpForm>;

/** POST /users/login, /merchants/login, /auth/login. */
export const ZLoginRequest = z.object({
  email: z
    .string({ error: ACCOUNT_MESSAGES.emailRequired })
    .trim()
    .min(1, { error: ACCOUNT_MESSAGES.emailRequired })
    .pipe(z.email({ error: ACCOUNT_MESSAGES.signInEmailInvalid }))
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: ACCOUNT_MESSAGES.passwordRequired })
    .min(1, { error: ACCOUNT_MESSAGES.passwordRequired })
    .max(1024, { error: ACCOUNT_MESSAGES.invalidCredentials }),
});
export type TLoginRequest = z.input<typeof ZLoginRequest>;

export const ZVerifyOtpRequest = z.object({ phone: ZKenyanPhone, otp: ZOtp });
export const ZResendOtpRequest = z.object({ phone: ZKenyanPhone });
export const ZRequestPasswordResetRequest = z.object({ email: ZAccountEmail });
export const ZResetPasswordRequest = z.object({ email: ZAccountEmail, otp: ZOtp, newPassword: ZNewPassword });

/** PUT /users/profile: only these three fields; anything else in the body changes nothing. */
export const ZUpdateProfileRequest = z.object({
  firstName: requiredName(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: requiredName(ACCOUNT_MESSAGES.lastNameRequired),
  phoneNumber: ZKenyanPhone.optional(),
  locale: ZLocale.optional(),
});

export const ZGoogleSignInRequest = z.object({
  credential: z
    .string({ error: 'Google credential is required' })
    .min(10, { error: 'Google credential is required' }),
  referralSlug: z.string().trim().max(80).optional(),
  locale: ZLocale.optional(),
});

/** What the API sends about a customer (never a password hash). Snake-case aliases the seed's client reads. */
export const ZUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  phone: z.string().nullable(),
  avatar: z.string().nullable(),
  isEmailVerified: z.boolean(),
  isPhoneVerified: z.boolean(),
  isKYCVerified: z.boolean(),
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
  dark_mode: z.boolean().nullable(),
  /** The language of the site, SMS and notifications: 'en' | 'sw' (issue 33). */
  locale: ZLocale,
  referralSlug: z.string(),
  user_type: z.literal('customer'),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZMerchant = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  locale: ZLocale,
  createdAt: z.string(),
});
export type TMerchant = z.infer<typeof ZMerchant>;

export const ZAuthResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  access_token: z.string(),
  user: ZUser,
});
export const ZMerchantAuthResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  access_token: z.string(),
  merchant: ZMerchant,
});

/** GET /users/profile and GET /profile. */
export const ZUserResponse = z.object({ success: z.literal(true), user: ZUser });
/** GET /users/current: the seed's client reads `data.user`. */
export const ZCurrentUserResponse = z.object({ success: z.literal(true), data: z.object({ user: ZUser }) });
/** PUT /users/profile, POST /users/link-google, DELETE /users/unlink-google. */
export const ZUserMessageResponse = z.object({ success: z.literal(true), message: z.string(), user: ZUser });
/** POST /users/google-signin. */
export const ZGoogleSignInResponse = ZAuthResponse.extend({ isNewUser: z.boolean() });
export const ZLinkGoogleRequest = z.object({ credential: ZGoogleSignInRequest.shape.credential });

/** A merchant's store as listed on its profile. */
export const ZMerchantStore = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  location: z.string(),
  logo_url: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
/** GET /merchants/{id}/profile and GET /merchants/me. */
export const ZMerchantProfileResponse = z.object({
  success: z.literal(true),
  merchant: ZMerchant,
  stores: z.array(ZMerchantStore),
});
export type TMerchantProfileResponse = z.infer<typeof ZMerchantProfileResponse>;

/** Merchant settings (issue 13): texts the settings forms and the API share. */
export const MERCHANT_SETTINGS_MESSAGES = {
  profileUpdated: 'Profile updated successfully!',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailChangeNeedsPassword: 'Enter your current password to change your email',
  passwordChanged: 'Password changed successfully',
  samePassword: 'New password must be different from the current password',
} as const;

const ZCurrentPassword = z
  .string({ error: MERCHANT_SETTINGS_MESSAGES.currentPasswordRequired })
  .min(1, { error: MERCHANT_SETTINGS_MESSAGES.currentPasswordRequired })
  .max(1024, { error: MERCHANT_SETTINGS_MESSAGES.currentPasswordIncorrect });

/**
 * PUT /merchants/me: name and phone; the e-mail (the sign-in name) changes only with the current
 * password in the same request, so a borrowed session cannot take the account over.
 */
export const ZUpdateMerchantProfileRequest = z.object({
  firstName: requiredName(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: requiredName(ACCOUNT_MESSAGES.lastNameRequired),
  phoneNumber: ZKenyanPhone,
  email: ZAccountEmail.optional(),
  currentPassword: z.string().max(1024).optional(),
  locale: ZLocale.optional(),
});
export type TUpdateMerchantProfileRequest = z.input<typeof ZUpdateMerchantProfileRequest>;
export const ZMerchantMessageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  merchant: ZMerchant,
});

/** PUT /merchants/change-password: a fresh token comes back; every other session ends. */
export const ZMerchantChangePasswordRequest = z.object({
  currentPassword: ZCurrentPassword,
  newPassword: ZNewPassword,
});
/** The settings form adds the confirmation the server never receives. */
export const ZMerchantChangePasswordForm = ZMerchantChangePasswordRequest.extend({
  confirmPassword: z.string(),
})
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  })
  .refine((form) => form.currentPassword === '' || form.newPassword !== form.currentPassword, {
    error: MERCHANT_SETTINGS_MESSAGES.samePassword,
    path: ['newPassword'],
  });
export type TMerchantChangePasswordForm = z.input<typeof ZMerchantChangePasswordForm>;
export const ZMerchantChangePasswordResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  access_token: z.string(),
});

/** Development only: POST /dev/google/id-token mints a credential from the local Google simulator. */
export const ZDevGoogleIdTokenRequest = z.object({
  email: ZAccountEmail,
  givenName: z.string().trim().max(60).optional(),
  familyName: z.string().trim().max(60).optional(),
  emailVerified: z.boolean().optional(),
  audience: z.string().max(200).optional(),
});
export const ZDevGoogleIdTokenResponse = z.object({ credential: z.string() });
