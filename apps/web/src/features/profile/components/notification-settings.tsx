import type { TAccountNotificationSettings } from '@d3/shared/engagement/engagement-schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { profileKeys, updateNotificationSetting, useNotificationSettings } from '../api/profile-api';
import { SkeletonBlock } from './profile-states';
import { Switch } from './switch';

const ROWS: { key: keyof TAccountNotificationSettings; label: string; description: string }[] = [
  {
    key: 'notifications',
    label: 'Push notifications',
    description: 'Booking updates, messages and new deals.',
  },
  { key: 'emailUpdates', label: 'Email updates', description: 'Offers and news in your inbox.' },
  { key: 'smsAlerts', label: 'SMS alerts', description: 'Booking reminders by text message.' },
  {
    key: 'whatsapp',
    label: 'WhatsApp',
    description:
      'Booking confirmations, reminders, refunds and waitlist offers on WhatsApp, instead of SMS. Reply STOP to turn off.',
  },
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
      toastSuccess('Notification settings updated');
    } catch (error) {
      queryClient.setQueryData(key, previous);
      // WhatsApp needs a verified number (issue 36): the server's words say what to do.
      toastError(
        isApiError(error) && error.code === 'WHATSAPP_PHONE_NOT_VERIFIED'
          ? error.message
          : 'Failed to update notification settings',
      );
    } finally {
      setSaving(null);
    }
  };

  return (
    <section aria-labelledby="notifications-heading" className="card p-5 sm:p-6">
      <h2 id="notifications-heading" className="text-lg font-bold text-slate-900 dark:text-white">
        Notifications
      </h2>
      {settingsQuery.isError ? (
        <div className="mt-3 text-sm text-red-700 dark:text-red-400" role="alert">
          Couldn't load your notification settings.{' '}
          <button
            type="button"
            className="focus-ring rounded font-semibold underline"
            onClick={() => void settingsQuery.refetch()}
          >
            Try Again
          </button>
        </div>
      ) : !settingsQuery.data ? (
        <div className="mt-4 space-y-3" role="status">
          <span className="sr-only">Loading notification settings...</span>
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
              label={row.label}
              description={row.description}
              checked={settingsQuery.data[row.key]}
              disabled={saving !== null}
              onChange={(next) => void change(row.key, next)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
