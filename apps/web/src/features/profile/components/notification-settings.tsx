import type { TAccountNotificationSettings } from '@d3/shared/engagement/engagement-schemas';
import { useErrorText, useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { HeadedSection } from '../../../components/headed-section';
import { isApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { profileKeys, updateNotificationSetting, useNotificationSettings } from '../api/profile-api';
import { SkeletonBlock } from './profile-states';
import { Switch } from './switch';

/** Each setting's name and line (catalogue ids; 'WhatsApp' is its own name in both languages). */
const ROWS: { key: keyof TAccountNotificationSettings; label: string | null; description: string }[] = [
  { key: 'notifications', label: 'profile.notify.push', description: 'profile.notify.pushText' },
  { key: 'emailUpdates', label: 'profile.notify.email', description: 'profile.notify.emailText' },
  { key: 'smsAlerts', label: 'profile.notify.sms', description: 'profile.notify.smsText' },
  { key: 'whatsapp', label: null, description: 'profile.notify.whatsappText' },
];

function SettingRow({
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onChange: (next: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="font-medium text-slate-900 dark:text-white">
          {label}
        </p>
        <p id={`${id}-desc`} className="text-sm text-slate-600 dark:text-slate-300">
          {description}
        </p>
      </div>
      <Switch
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        labelledBy={`${id}-label`}
        describedBy={`${id}-desc`}
      />
    </li>
  );
}

/** One switch per setting, each saved on its own (PUT with one boolean), rolled back if the save fails. */
export function NotificationSettings({ token }: { token: string | null }) {
  const t = useT();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const settingsQuery = useNotificationSettings(token);
  const [saving, setSaving] = useState<keyof TAccountNotificationSettings | null>(null);
  const key = profileKeys.notificationSettings(token);

  const change = async (field: keyof TAccountNotificationSettings, value: boolean) => {
    const previous = settingsQuery.data;
    if (!previous) return;
    queryClient.setQueryData<TAccountNotificationSettings>(key, { ...previous, [field]: value });
    setSaving(field);
    try {
      const { settings } = await updateNotificationSetting({ [field]: value });
      if (settings) queryClient.setQueryData(key, settings);
      toastSuccess(t('profile.notify.saved'));
    } catch (error) {
      queryClient.setQueryData(key, previous);
      // WhatsApp needs a verified number (issue 36): the server's words say what to do.
      toastError(
        isApiError(error) && error.code === 'WHATSAPP_PHONE_NOT_VERIFIED'
          ? errorText(error.code, error.message)
          : t('profile.notify.failed'),
      );
    } finally {
      setSaving(null);
    }
  };

  return (
    <HeadedSection id="notifications-heading" title={t('profile.notify.title')} className="card p-5 sm:p-6">
      {settingsQuery.isError ? (
        <div className="mt-3 text-sm text-red-700 dark:text-red-400" role="alert">
          {t('profile.notify.loadFailed')}{' '}
          <button
            type="button"
            className="focus-ring rounded font-semibold underline"
            onClick={() => void settingsQuery.refetch()}
          >
            {t('common.tryAgain')}
          </button>
        </div>
      ) : !settingsQuery.data ? (
        <div className="mt-4 space-y-3" role="status">
          <span className="sr-only">{t('profile.notify.loading')}</span>
          <SkeletonBlock className="h-12" />
          <SkeletonBlock className="h-12" />
          <SkeletonBlock className="h-12" />
          <SkeletonBlock className="h-12" />
        </div>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {ROWS.map((row) => (
            <SettingRow
              key={row.key}
              label={row.label ? t(row.label) : 'WhatsApp'}
              description={t(row.description)}
              checked={settingsQuery.data[row.key]}
              disabled={saving !== null}
              onChange={(next) => void change(row.key, next)}
            />
          ))}
        </ul>
      )}
    </HeadedSection>
  );
}
