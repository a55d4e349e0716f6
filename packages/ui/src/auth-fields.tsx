import { type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError, PasswordField, TextField } from './form-fields';
import { useUiStyle } from './ui-style';
import { richMarks, richText, useUiT } from './ui-texts';

/**
 * The field groups both sites' sign-in, sign-up and reset-password pages show alike. A page keeps its
 * own form state (react-hook-form), its calls and its words around them; it hands each field's
 * `register(...)` result and error message in.
 */
type Errors<F extends string> = Partial<Record<F, string | undefined>>;

export function SignInFields({
  emailLabel,
  emailPlaceholder,
  fields,
  errors,
  forgotPasswordLink,
}: {
  emailLabel: string;
  emailPlaceholder: string;
  fields: Record<'email' | 'password', UseFormRegisterReturn>;
  errors: Errors<'email' | 'password'>;
  /** The "Forgot password?" link, made with the site's router. */
  forgotPasswordLink: ReactNode;
}) {
  const t = useUiT();
  return (
    <>
      <EmailField
        label={emailLabel}
        placeholder={emailPlaceholder}
        registration={fields.email}
        error={errors.email}
      />
      <PasswordField
        label={t('ui.field.password')}
        autoComplete="current-password"
        registration={fields.password}
        error={errors.password}
        labelAside={forgotPasswordLink}
      />
    </>
  );
}

/** An e-mail address field: the e-mail keyboard, autofill, no capital first letter. */
export function EmailField(props: {
  label: string;
  placeholder?: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  return <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="none" {...props} />;
}

/** The phone number field of sign-up and the merchant's profile form (the server checks the number). */
export function PhoneField(props: {
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  placeholder?: string;
}) {
  const t = useUiT();
  return <TextField label={t('ui.field.phone')} type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}

type SignUpField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'password'
  | 'confirmPassword'
  | 'acceptTerms';

export const SIGN_UP_FIELDS: readonly SignUpField[] = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'password',
  'confirmPassword',
  'acceptTerms',
];

/**
 * A field group's `fields` and `errors` from a react-hook-form form, for the names it shows:
 * `<SignUpFields {...fieldGroupProps(SIGN_UP_FIELDS, register, errors)} />`.
 */
export function fieldGroupProps<F extends string>(
  names: readonly F[],
  register: (name: F) => UseFormRegisterReturn,
  errors: Partial<Record<F, { message?: string } | undefined>>,
): { fields: Record<F, UseFormRegisterReturn>; errors: Errors<F> } {
  const fields = Object.fromEntries(names.map((name) => [name, register(name)]));
  const messages = Object.fromEntries(names.map((name) => [name, errors[name]?.message]));
  return {
    fields: fields as Record<F, UseFormRegisterReturn>,
    errors: messages as Errors<F>,
  };
}

/** Names, e-mail, phone, password twice and the terms box: the sign-up form both sites share. */
export function SignUpFields({
  emailLabel,
  emailPlaceholder,
  fields,
  errors,
  termsLink,
}: {
  emailLabel: string;
  emailPlaceholder: string;
  fields: Record<SignUpField, UseFormRegisterReturn>;
  errors: Errors<SignUpField>;
  /** A link to one of the legal pages, opened in a new tab, made the site's way. */
  termsLink: (href: '/terms-conditions' | '/privacy-policy', text: string, className: string) => ReactNode;
}) {
  const t = useUiT();
  const style = useUiStyle();
  const termsId = useId();
  return (
    <>
      <NameFields
        className="grid gap-5 sm:grid-cols-2 sm:gap-4"
        fields={{ firstName: fields.firstName, lastName: fields.lastName }}
        errors={{ firstName: errors.firstName, lastName: errors.lastName }}
      />
      <EmailField
        label={emailLabel}
        placeholder={emailPlaceholder}
        registration={fields.email}
        error={errors.email}
      />
      <PhoneField
        hint={t('ui.field.phoneHint')}
        registration={fields.phoneNumber}
        error={errors.phoneNumber}
      />
      <NewPasswordFields
        labels={[t('ui.field.password'), t('ui.field.confirmPassword')]}
        fields={{ password: fields.password, confirmPassword: fields.confirmPassword }}
        errors={{ password: errors.password, confirmPassword: errors.confirmPassword }}
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            {...fields.acceptTerms}
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={errors.acceptTerms ? `${termsId}-error` : undefined}
            className={style.checkbox}
          />
          <label htmlFor={termsId} className="text-sm text-slate-700 dark:text-slate-300">
            {richText(t('ui.signUp.agree', richMarks('terms', 'privacy')), {
              terms: termsLink('/terms-conditions', t('ui.signUp.terms'), style.link),
              privacy: termsLink('/privacy-policy', t('ui.signUp.privacy'), style.link),
            })}
          </label>
        </div>
        <FieldError id={`${termsId}-error`} message={errors.acceptTerms} />
      </div>
    </>
  );
}

export const NAME_FIELDS = ['firstName', 'lastName'] as const;

/** A profile form's name and phone values from the account on file (no phone: an empty box). */
export function nameAndPhoneValues(person: {
  firstName: string;
  lastName: string;
  phoneNumber?: string | null;
}) {
  return { firstName: person.firstName, lastName: person.lastName, phoneNumber: person.phoneNumber ?? '' };
}

/** First and last name side by side: sign-up and both sites' profile forms. */
export function NameFields({
  className = 'grid gap-4 sm:grid-cols-2',
  fields,
  errors,
}: {
  className?: string;
  fields: Record<'firstName' | 'lastName', UseFormRegisterReturn>;
  errors: Errors<'firstName' | 'lastName'>;
}) {
  const t = useUiT();
  return (
    <div className={className}>
      <TextField
        label={t('ui.field.firstName')}
        autoComplete="given-name"
        registration={fields.firstName}
        error={errors.firstName}
      />
      <TextField
        label={t('ui.field.lastName')}
        autoComplete="family-name"
        registration={fields.lastName}
        error={errors.lastName}
      />
    </div>
  );
}

export function NewPasswordFields({
  labels,
  fields,
  errors,
}: {
  labels: [string, string];
  fields: Record<'password' | 'confirmPassword', UseFormRegisterReturn>;
  errors: Errors<'password' | 'confirmPassword'>;
}) {
  const t = useUiT();
  return (
    <>
      <PasswordField
        label={labels[0]}
        autoComplete="new-password"
        hint={t('ui.field.passwordHint')}
        registration={fields.password}
        error={errors.password}
      />
      <PasswordField
        label={labels[1]}
        autoComplete="new-password"
        registration={fields.confirmPassword}
        error={errors.confirmPassword}
      />
    </>
  );
}

export const CHANGE_PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type ChangePasswordField = (typeof CHANGE_PASSWORD_FIELDS)[number];

/**
 * The current password, then the new one twice: both sites' change-password forms. The customer site
 * sets the two new-password fields side by side with `newPasswordsClassName`.
 */
export function ChangePasswordFields({
  fields,
  errors,
  newPasswordsClassName,
}: {
  fields: Record<ChangePasswordField, UseFormRegisterReturn>;
  errors: Errors<ChangePasswordField>;
  newPasswordsClassName?: string;
}) {
  const t = useUiT();
  const newPasswords = (
    <NewPasswordFields
      labels={[t('ui.field.newPassword'), t('ui.field.confirmNewPassword')]}
      fields={{ password: fields.newPassword, confirmPassword: fields.confirmPassword }}
      errors={{ password: errors.newPassword, confirmPassword: errors.confirmPassword }}
    />
  );
  return (
    <>
      <PasswordField
        label={t('ui.field.currentPassword')}
        autoComplete="current-password"
        registration={fields.currentPassword}
        error={errors.currentPassword}
      />
      {newPasswordsClassName ? <div className={newPasswordsClassName}>{newPasswords}</div> : newPasswords}
    </>
  );
}

/** Step two of a password reset: whose password, the 6-digit code and the new password twice. */
export function ResetPasswordFields({
  email,
  onChangeEmail,
  fields,
  errors,
}: {
  email: string;
  onChangeEmail: () => void;
  fields: Record<'otp' | 'newPassword' | 'confirmPassword', UseFormRegisterReturn>;
  errors: Errors<'otp' | 'newPassword' | 'confirmPassword'>;
}) {
  const t = useUiT();
  const style = useUiStyle();
  return (
    <>
      <p className={style.panel}>
        {richText(t('ui.reset.for', richMarks('email')), {
          email: <span className="font-semibold break-all">{email}</span>,
        })}{' '}
        <button type="button" onClick={onChangeEmail} className={style.link}>
          {t('ui.reset.change')}
        </button>
      </p>
      <TextField
        label={t('ui.reset.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('ui.reset.codePlaceholder')}
        className={style.codeField || undefined}
        registration={fields.otp}
        error={errors.otp}
      />
      <NewPasswordFields
        labels={[t('ui.field.newPassword'), t('ui.field.confirmNewPassword')]}
        fields={{ password: fields.newPassword, confirmPassword: fields.confirmPassword }}
        errors={{ password: errors.newPassword, confirmPassword: errors.confirmPassword }}
      />
    </>
  );
}

/** Keeps only the digits of a typed or pasted code (register('otp', { setValueAs: digitsOnly })). */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');
