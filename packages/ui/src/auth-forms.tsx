import { isApiError } from '@d3/api-client';
import {
  ACCOUNT_MESSAGES,
  type TLoginRequest,
  ZLoginRequest,
  ZNewPassword,
  ZOtp,
  ZRequestPasswordResetRequest,
  ZSignUpForm,
} from '@d3/shared/accounts/accounts-schemas';
import { type ComponentType, type ReactNode, useState } from 'react';
import { z } from 'zod';
import {
  digitsOnly,
  EmailField,
  fieldGroupProps,
  ResetPasswordFields,
  SIGN_UP_FIELDS,
  SignInFields,
  SignUpFields,
} from './auth-fields';
import { FormAlert, SubmitButton } from './form-fields';
import { registerFieldOf, setServerFieldErrors } from './server-errors';
import { useUiStyle } from './ui-style';
import { useUiErrorText, useUiT } from './ui-texts';
import { useZodForm } from './zod-form';

/**
 * The sign-in and reset-password forms both sites show: form state, the seed's field checks, the
 * server's answer mapped on its code, and the submit button. A site's page is a frame around one: its
 * heading, its call (`onSubmit`, which throws the ApiError), and where it goes afterwards.
 */

/** The site's router link (react-router's `Link`), for the links the shared forms show. */
export type LinkComponent = ComponentType<{ to: string; className?: string; children: ReactNode }>;

/** The form's alert: `attempt` clears it, runs the call and hands a failure to `failed`. */
function useFormProblem() {
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = async (call: () => Promise<void>, failed: (error: unknown) => void) => {
    setProblem(null);
    try {
      await call();
    } catch (error) {
      failed(error);
    }
  };
  return { problem, setProblem, attempt };
}

export function SignInForm({
  emailLabel,
  emailPlaceholder,
  linkComponent: Link,
  notice,
  busy = false,
  onSubmit,
}: {
  emailLabel: string;
  emailPlaceholder: string;
  linkComponent: LinkComponent;
  /** A success message to show above the fields (e.g. after a password reset). */
  notice?: string | null;
  /** True while the page finishes signing in (after onSubmit resolved). */
  busy?: boolean;
  onSubmit: (values: TLoginRequest) => Promise<void>;
}) {
  const t = useUiT();
  const serverText = useUiErrorText();
  const style = useUiStyle();
  const { problem, setProblem, attempt } = useFormProblem();
  const { register, handleSubmit, errors, isSubmitting } = useZodForm(ZLoginRequest, {
    email: '',
    password: '',
  });
  const submit = handleSubmit((values) =>
    attempt(
      () => onSubmit(values),
      (error) => setProblem(serverText(error)),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormAlert message={notice && !problem ? notice : null} tone="success" />
      <FormAlert message={problem} />
      <SignInFields
        emailLabel={emailLabel}
        emailPlaceholder={emailPlaceholder}
        fields={{ email: register('email'), password: register('password') }}
        errors={{ email: errors.email?.message, password: errors.password?.message }}
        forgotPasswordLink={
          <Link to="/request-password-reset" className={`${style.link} text-sm`}>
            {t('ui.signIn.forgot')}
          </Link>
        }
      />
      <SubmitButton busy={isSubmitting || busy} busyLabel={t('ui.signIn.busy')}>
        {t('ui.signIn.submit')}
      </SubmitButton>
    </form>
  );
}

const ZResetPasswordForm = z
  .object({ otp: ZOtp, newPassword: ZNewPassword, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** Step two of a password reset: the code and the new password; a wrong or spent code marks the code field. */
export function ResetPasswordForm({
  email,
  onChangeEmail,
  onSubmit,
}: {
  email: string;
  onChangeEmail: () => void;
  onSubmit: (values: { otp: string; newPassword: string }) => Promise<void>;
}) {
  const t = useUiT();
  const serverText = useUiErrorText();
  const { problem, setProblem, attempt } = useFormProblem();
  const { register, handleSubmit, setError, errors, isSubmitting } = useZodForm(ZResetPasswordForm, {
    otp: '',
    newPassword: '',
    confirmPassword: '',
  });
  const submit = handleSubmit(({ otp, newPassword }) =>
    attempt(
      () => onSubmit({ otp, newPassword }),
      (error) => {
        if (!isApiError(error)) return setProblem(serverText(error));
        const { fieldErrors } = error;
        if (fieldErrors.newPassword || fieldErrors.password) {
          setError('newPassword', { message: fieldErrors.newPassword ?? fieldErrors.password });
        } else if (
          fieldErrors.otp ||
          error.code === 'OTP_INVALID' ||
          error.code === 'OTP_ATTEMPTS_EXCEEDED'
        ) {
          setError('otp', { message: fieldErrors.otp ?? error.message }, { shouldFocus: true });
        } else {
          setProblem(error.message);
        }
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormAlert message={problem} />
      <ResetPasswordFields
        email={email}
        onChangeEmail={onChangeEmail}
        fields={{
          otp: register('otp', { setValueAs: digitsOnly }),
          newPassword: register('newPassword'),
          confirmPassword: register('confirmPassword'),
        }}
        errors={{
          otp: errors.otp?.message,
          newPassword: errors.newPassword?.message,
          confirmPassword: errors.confirmPassword?.message,
        }}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('ui.reset.busy')}>
        {t('ui.reset.submit')}
      </SubmitButton>
    </form>
  );
}

const signUpFieldOf = registerFieldOf(['firstName', 'lastName', 'email', 'phoneNumber', 'password'] as const);

type TSignUpAccount = Omit<z.output<typeof ZSignUpForm>, 'confirmPassword' | 'acceptTerms'>;

/**
 * The sign-up form: the seed's checks, then `onSubmit` with the account only (the confirmation and the
 * terms tick stay in the browser). USER_EXISTS marks the e-mail; the server's field errors go under their fields.
 */
export function SignUpForm({
  emailLabel,
  emailPlaceholder,
  termsLink,
  submitLabel,
  problemText,
  onSubmit,
}: Pick<Parameters<typeof SignUpFields>[0], 'emailLabel' | 'emailPlaceholder' | 'termsLink'> & {
  submitLabel: string;
  problemText?: (error: unknown) => string;
  onSubmit: (account: TSignUpAccount) => Promise<void>;
}) {
  const t = useUiT();
  const serverText = useUiErrorText();
  const { problem, setProblem, attempt } = useFormProblem();
  const { register, handleSubmit, setError, errors, isSubmitting } = useZodForm(ZSignUpForm, {
    firstName: '',
    lastName: '',
    email: '',
    phoneNumber: '',
    password: '',
    confirmPassword: '',
    acceptTerms: false,
  });
  const submit = handleSubmit(({ confirmPassword: _confirm, acceptTerms: _terms, ...account }) =>
    attempt(
      () => onSubmit(account),
      (error) => {
        if (isApiError(error) && error.code === 'USER_EXISTS') {
          setError('email', { message: error.message || ACCOUNT_MESSAGES.userExists }, { shouldFocus: true });
          return;
        }
        if (setServerFieldErrors(error, signUpFieldOf, setError) === 0)
          setProblem((problemText ?? serverText)(error));
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormAlert message={problem} />
      <SignUpFields
        emailLabel={emailLabel}
        emailPlaceholder={emailPlaceholder}
        {...fieldGroupProps(SIGN_UP_FIELDS, register, errors)}
        termsLink={termsLink}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('ui.signUp.busy')}>
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/** Step one of a password reset: the e-mail the code goes to. */
export function RequestResetForm({
  emailLabel,
  emailPlaceholder,
  problemText,
  onSubmit,
}: {
  emailLabel: string;
  emailPlaceholder?: string;
  problemText?: (error: unknown) => string;
  onSubmit: (email: string) => Promise<void>;
}) {
  const t = useUiT();
  const serverText = useUiErrorText();
  const { problem, setProblem, attempt } = useFormProblem();
  const { register, handleSubmit, errors, isSubmitting } = useZodForm(ZRequestPasswordResetRequest, {
    email: '',
  });
  const submit = handleSubmit(({ email }) =>
    attempt(
      () => onSubmit(email),
      (error) => setProblem((problemText ?? serverText)(error)),
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <FormAlert message={problem} />
      <EmailField
        label={emailLabel}
        placeholder={emailPlaceholder}
        registration={register('email')}
        error={errors.email?.message}
      />
      <SubmitButton busy={isSubmitting} busyLabel={t('ui.request.busy')}>
        {t('ui.request.submit')}
      </SubmitButton>
    </form>
  );
}
