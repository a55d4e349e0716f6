import { type TUser, ZUpdateProfileRequest } from '@d3/shared/accounts/accounts-schemas';
import {
  fieldGroupProps,
  NAME_FIELDS,
  NameFields,
  nameAndPhoneValues,
  registerFieldOf,
  setServerFieldErrors,
  useT,
  useZodForm,
} from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useId, useState } from 'react';
import { z } from 'zod';
import { FormAlert, TextField } from '../../../components/form-fields';
import { currentUserQueryKey } from '../../../lib/api/get-current-user';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { siteText } from '../../../lib/site-i18n';
import { toastError, toastSuccess } from '../../../lib/toast';
import { updateProfile } from '../api/profile-api';

/** Seed 000 §5 Profile: names required, phone free text (the server checks it), email never sent. */
const ZProfileForm = z.object({
  firstName: ZUpdateProfileRequest.shape.firstName,
  lastName: ZUpdateProfileRequest.shape.lastName,
  phoneNumber: z.string().trim(),
});

const profileFieldOf = registerFieldOf(['firstName', 'lastName', 'phoneNumber'] as const);

/** In the page's language (locales/profile). */
export const PROFILE_TEXTS = {
  get updateFailed() {
    return siteText('profile.form.failed');
  },
};

export function ProfileForm({ user, token }: { user: TUser; token: string | null }) {
  const t = useT();
  const queryClient = useQueryClient();
  const emailId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, errors, isSubmitting } = useZodForm(
    ZProfileForm,
    nameAndPhoneValues(user),
  );

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { user: saved } = await updateProfile({
        firstName: values.firstName,
        lastName: values.lastName,
        ...(values.phoneNumber ? { phoneNumber: values.phoneNumber } : {}),
      });
      if (saved) {
        queryClient.setQueryData(currentUserQueryKey(token), saved);
        reset(nameAndPhoneValues(saved));
      }
      toastSuccess(t('profile.form.updated'));
    } catch (error) {
      const message = userErrorMessage(error, PROFILE_TEXTS.updateFailed);
      if (setServerFieldErrors(error, profileFieldOf, setError) === 0) setFormError(message);
      toastError(message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <NameFields {...fieldGroupProps(NAME_FIELDS, register, errors)} />
      <div>
        <label htmlFor={emailId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('profile.form.email')}
        </label>
        <input
          id={emailId}
          type="email"
          value={user.email}
          readOnly
          aria-describedby={`${emailId}-hint`}
          className="field mt-1.5 h-11 cursor-not-allowed bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
        />
        <p id={`${emailId}-hint`} className="mt-1.5 text-xs text-slate-500 dark:text-slate-400">
          {t('profile.form.emailCannotChange')}
        </p>
      </div>
      <TextField
        label={t('profile.form.phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        registration={register('phoneNumber')}
        error={errors.phoneNumber?.message}
      />
      <button type="submit" className="btn-primary" disabled={isSubmitting}>
        <Save aria-hidden="true" className="size-4" />
        {isSubmitting ? t('profile.form.saving') : t('profile.form.save')}
      </button>
    </form>
  );
}
