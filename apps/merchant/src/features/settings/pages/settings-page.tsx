import {
  type TMerchant,
  ZMerchantChangePasswordForm,
  ZUpdateMerchantProfileRequest,
} from '@d3/shared/accounts/accounts-schemas';
import { merchantAccountsRoutes } from '@d3/shared/api/routes';
import {
  CHANGE_PASSWORD_FIELDS,
  ChangePasswordFields,
  FormAlert,
  fieldGroupProps,
  NAME_FIELDS,
  NameFields,
  nameAndPhoneValues,
  PasswordField,
  PhoneField,
  registerFieldOf,
  SubmitButton,
  setServerFieldErrors,
  TextField,
  useT,
  useZodForm,
} from '@d3/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { LanguageSwitch } from '../../../components/language-switch';
import { PageHeader } from '../../../components/page-header';
import { QueryList } from '../../../components/resource-crud';
import { Card } from '../../../components/ui';
import { merchantMeQueryKey, useMerchantMe } from '../../../lib/api/get-merchant-me';
import { ApiError, call, merchantSessionEnd } from '../../../lib/api-client';
import { setMerchantToken, useMerchantToken } from '../../../lib/auth-token';
import { useApiErrorText } from '../../../lib/error-text';
import { NotificationSettingsCard } from '../components/notification-settings-card';

/** The server's field errors go under their fields; returns the message for the whole form, if any. */
function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  errorText: (error: unknown) => string,
): string | null {
  if (!(error instanceof ApiError)) return errorText(error);
  return setServerFieldErrors(error, registerFieldOf(fields), setError) ? null : errorText(error);
}

const PROFILE_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'email', 'currentPassword'] as const;

function ProfileForm({ merchant }: { merchant: TMerchant }) {
  const t = useT();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const [alert, setAlert] = useState<{ message: string; tone: 'error' | 'success' } | null>(null);
  const { register, handleSubmit, setError, watch, reset, errors, isSubmitting } = useZodForm(
    ZUpdateMerchantProfileRequest,
    { ...nameAndPhoneValues(merchant), email: merchant.email, currentPassword: '' },
  );
  const emailChanged = (watch('email') ?? '').trim().toLowerCase() !== merchant.email.toLowerCase();
  const save = useMutation({
    mutationFn: (body: z.output<typeof ZUpdateMerchantProfileRequest>) =>
      call(merchantAccountsRoutes.updateMe, { body }),
  });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    const body = emailChanged ? values : { ...values, email: undefined, currentPassword: undefined };
    if (emailChanged && !values.currentPassword) {
      setError('currentPassword', { message: t('settings.emailChangeNeedsPassword') }, { shouldFocus: true });
      return;
    }
    try {
      const response = await save.mutateAsync(body);
      reset({
        ...nameAndPhoneValues(response.merchant),
        email: response.merchant.email,
        currentPassword: '',
      });
      setAlert({ message: t('settings.profileUpdated'), tone: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['merchants', 'me'] });
    } catch (error) {
      const message = applyServerErrors(error, PROFILE_FIELDS, setError, errorText);
      if (message) setAlert({ message, tone: 'error' });
    }
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('settings.profile')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('settings.profileDescription')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label={t('settings.profile')}>
        <FormAlert message={alert?.message ?? null} tone={alert?.tone} />
        <NameFields {...fieldGroupProps(NAME_FIELDS, register, errors)} />
        <PhoneField
          placeholder="0712 345 678"
          registration={register('phoneNumber')}
          error={errors.phoneNumber?.message}
        />
        <TextField
          label={t('form.email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email?.message}
          hint={t('settings.emailHint')}
        />
        {emailChanged ? (
          <PasswordField
            label={t('settings.currentPassword')}
            autoComplete="current-password"
            registration={register('currentPassword')}
            error={errors.currentPassword?.message}
            hint={t('settings.currentPasswordHint')}
          />
        ) : null}
        <SubmitButton busy={isSubmitting} busyLabel={t('settings.saving')}>
          {t('settings.saveProfile')}
        </SubmitButton>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const t = useT();
  const errorText = useApiErrorText();
  const queryClient = useQueryClient();
  const token = useMerchantToken();
  const [alert, setAlert] = useState<{ message: string; tone: 'error' | 'success' } | null>(null);
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useZodForm(
    ZMerchantChangePasswordForm,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
  );
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      call(merchantAccountsRoutes.changePassword, { body }),
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setAlert(null);
    try {
      // The server ends the old token's sockets (this tab's chat too): expected while it changes.
      await merchantSessionEnd.during(async () => {
        const answer = await change.mutateAsync({ currentPassword, newPassword });
        // Every other session ended on the server; this browser keeps working with the new token.
        // The account query is keyed by token: carry it over so the page does not reload.
        queryClient.setQueryData(
          merchantMeQueryKey(answer.access_token),
          queryClient.getQueryData(merchantMeQueryKey(token)),
        );
        setMerchantToken(answer.access_token);
        return answer;
      });
      reset();
      setAlert({ message: t('settings.passwordChanged'), tone: 'success' });
    } catch (error) {
      const message = applyServerErrors(error, CHANGE_PASSWORD_FIELDS, setError, errorText);
      if (message) setAlert({ message, tone: 'error' });
    }
  });

  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{t('settings.password')}</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('settings.passwordDescription')}</p>
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-4 space-y-4"
        aria-label={t('settings.changePassword')}
      >
        <FormAlert message={alert?.message ?? null} tone={alert?.tone} />
        <ChangePasswordFields {...fieldGroupProps(CHANGE_PASSWORD_FIELDS, register, errors)} />
        <SubmitButton busy={isSubmitting} busyLabel={t('settings.changing')}>
          <KeyRound aria-hidden="true" className="size-4" /> {t('settings.changePassword')}
        </SubmitButton>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('settings.forgot')}{' '}
          <Link
            to="/request-password-reset"
            className="rounded font-semibold text-orange-700 underline-offset-2 hover:underline dark:text-orange-400"
          >
            {t('settings.resetByEmail')}
          </Link>
        </p>
      </form>
    </Card>
  );
}

export function SettingsPage() {
  const t = useT();
  const me = useMerchantMe(useMerchantToken());
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <QueryList query={me} loadingLabel={t('settings.loading')}>
        {({ merchant }) => (
          <div className="grid items-start gap-5 lg:grid-cols-2">
            <ProfileForm key={merchant.id} merchant={merchant} />
            <PasswordForm />
            <NotificationSettingsCard />
            <Card>
              <h2 className="mb-3 text-lg font-semibold text-slate-900 dark:text-white">
                {t('language.label')}
              </h2>
              <LanguageSwitch />
            </Card>
          </div>
        )}
      </QueryList>
    </>
  );
}
