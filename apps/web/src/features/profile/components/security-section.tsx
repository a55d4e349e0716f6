import { ACCOUNT_MESSAGES, ZNewPassword } from '@d3/shared/accounts/accounts-schemas';
import { ENGAGEMENT_MESSAGES } from '@d3/shared/engagement/engagement-schemas';
import {
  CHANGE_PASSWORD_FIELDS,
  ChangePasswordFields,
  fieldGroupProps,
  useErrorText,
  useT,
  useZodForm,
} from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert, StateInput } from '../../../components/form-fields';
import { HeadedSection } from '../../../components/headed-section';
import { currentUserQueryKey } from '../../../lib/api/get-current-user';
import { isApiError } from '../../../lib/api-client';
import { clearTokens, getToken, setToken } from '../../../lib/auth-token';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { duringSessionChange } from '../../../lib/socket';
import { toastError, toastSuccess } from '../../../lib/toast';
import { changePassword, deleteAccount } from '../api/profile-api';
import { ConfirmDialog } from './confirm-dialog';

const ZChangePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { error: ENGAGEMENT_MESSAGES.currentPasswordRequired }),
    newPassword: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: ACCOUNT_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });

function ChangePasswordForm() {
  const t = useT();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useZodForm(ZChangePasswordForm, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      // The server ends the sockets of the old token (this tab's too): expected while it changes.
      const { message } = await duringSessionChange(async () => {
        const answer = await changePassword({ currentPassword, newPassword });
        if (answer.access_token) {
          // Carry the loaded profile over to the new token's key, so the page does not flash a skeleton.
          const user = queryClient.getQueryData(currentUserQueryKey(getToken()));
          if (user) queryClient.setQueryData(currentUserQueryKey(answer.access_token), user);
          setToken(answer.access_token);
        }
        return answer;
      });
      reset();
      toastSuccess(
        !message || message === ENGAGEMENT_MESSAGES.passwordChanged ? t('profile.security.changed') : message,
      );
    } catch (error) {
      const message = userErrorMessage(error, t('profile.security.changeFailed'));
      if (isApiError(error) && error.fieldErrors.currentPassword) {
        setError('currentPassword', { message: error.fieldErrors.currentPassword }, { shouldFocus: true });
      } else if (isApiError(error) && error.fieldErrors.newPassword) {
        setError('newPassword', { message: error.fieldErrors.newPassword }, { shouldFocus: true });
      } else {
        setFormError(message);
      }
      toastError(message);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label={t('profile.security.changePassword')}
    >
      <FormAlert message={formError} />
      <ChangePasswordFields
        {...fieldGroupProps(CHANGE_PASSWORD_FIELDS, register, errors)}
        newPasswordsClassName="grid gap-4 sm:grid-cols-2"
      />
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        <KeyRound aria-hidden="true" className="size-4" />
        {isSubmitting ? t('profile.security.changing') : t('profile.security.changePassword')}
      </button>
    </form>
  );
}

function DeleteAccount() {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setErrorText] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!password) {
      setErrorText(t('profile.delete.passwordRequired'));
      return;
    }
    setBusy(true);
    setErrorText(undefined);
    try {
      await duringSessionChange(async () => {
        await deleteAccount(password);
        clearTokens();
      });
      queryClient.removeQueries({ queryKey: ['users'] });
      toastSuccess(t('profile.delete.deleted'));
      navigate('/');
    } catch (failure) {
      setErrorText(
        isApiError(failure) && failure.message
          ? errorText(failure.code, failure.message)
          : t('profile.delete.failed'),
      );
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="font-semibold text-red-700 dark:text-red-400">{t('profile.delete.title')}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('profile.delete.text')}</p>
      </div>
      <button
        type="button"
        onClick={() => {
          setPassword('');
          setErrorText(undefined);
          setOpen(true);
        }}
        className="btn border border-red-300 bg-white text-red-700 hover:bg-red-50 dark:border-red-500/40 dark:bg-slate-900 dark:text-red-400 dark:hover:bg-red-500/10"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('profile.delete.title')}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          if (!busy) setOpen(next);
        }}
        title={t('profile.delete.confirmTitle')}
        description={t('profile.delete.confirmText')}
        confirmLabel={t('profile.delete.title')}
        busyLabel={t('profile.delete.deleting')}
        busy={busy}
        onConfirm={() => void confirm()}
      >
        <form
          className="mt-4"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <StateInput
            label={t('profile.delete.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={error}
          />
        </form>
      </ConfirmDialog>
    </div>
  );
}

export function SecuritySection() {
  const t = useT();
  return (
    <HeadedSection id="security-heading" title={t('profile.security.title')} className="card p-5 sm:p-6">
      <div className="mt-4 space-y-6 divide-y divide-slate-200 dark:divide-slate-800">
        <div className="pb-6">
          <h3 className="mb-3 font-semibold text-slate-900 dark:text-white">
            {t('profile.security.changePassword')}
          </h3>
          <ChangePasswordForm />
        </div>
        <div className="flex flex-col gap-3 pb-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 text-slate-400" />
            <div>
              <h3 className="font-semibold text-slate-900 dark:text-white">
                {t('profile.security.twoFactor')}
              </h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {t('profile.security.twoFactorText')}
              </p>
            </div>
          </div>
          <button type="button" disabled className="btn-secondary">
            {t('profile.security.comingSoon')}
          </button>
        </div>
        <DeleteAccount />
      </div>
    </HeadedSection>
  );
}
