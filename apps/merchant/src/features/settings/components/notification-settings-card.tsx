import { profileRoutes } from '@d3/shared/api/routes';
import type { TNotificationSettings } from '@d3/shared/engagement/engagement-schemas';
import { useT } from '@d3/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryList } from '../../../components/resource-crud';
import { Card, ErrorState } from '../../../components/ui';
import { call } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/error-text';

type TKey = keyof TNotificationSettings;

/** The switches of seed 001 §7 "Notifications" (the notification centre's view), in the seed's order. */
/** Each switch's words are `notifications.<key>` and `notifications.<key>.hint` in the catalogue. */
const SWITCHES: readonly TKey[] = ['email', 'push', 'messages', 'bookings', 'offers', 'storeUpdates'];

/** Keyed under 'merchants' so signing out forgets it. */
const SETTINGS_KEY = ['merchants', 'notification-settings'] as const;

/**
 * The merchant's notification switches (issue 13): each saves on change, shows at once and
 * goes back with the server's message when the save fails.
 */
export function NotificationSettingsCard() {
  const t = useT();
  const errorText = useApiErrorText();
  const client = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) =>
      call(profileRoutes.notificationSettings, {}, { signal }).then((body) => body.settings),
  });
  const save = useMutation({
    mutationFn: (patch: Partial<TNotificationSettings>) =>
      call(profileRoutes.saveNotificationSettings, { body: patch }).then((body) => body.settings),
    onMutate: async (patch) => {
      setProblem(null);
      await client.cancelQueries({ queryKey: SETTINGS_KEY });
      const before = client.getQueryData<TNotificationSettings>(SETTINGS_KEY);
      if (before) client.setQueryData<TNotificationSettings>(SETTINGS_KEY, { ...before, ...patch });
      return { before };
    },
    onError: (error, patch, context) => {
      // Only the failed switch goes back: another switch saved meanwhile keeps its value.
      const current = client.getQueryData<TNotificationSettings>(SETTINGS_KEY);
      if (current && context?.before) {
        const restored = { ...current };
        for (const key of Object.keys(patch) as TKey[]) restored[key] = context.before[key];
        client.setQueryData<TNotificationSettings>(SETTINGS_KEY, restored);
      }
      setProblem(errorText(error));
    },
    onSuccess: (saved, patch) => {
      const current = client.getQueryData<TNotificationSettings>(SETTINGS_KEY);
      const merged = { ...(current ?? saved) };
      for (const key of Object.keys(patch) as TKey[]) merged[key] = saved[key];
      client.setQueryData<TNotificationSettings>(SETTINGS_KEY, merged);
    },
  });

  return (
    <Card>
      <h2 id="notification-settings-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t('notifications.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('notifications.description')}</p>
      <div className="mt-4">
        <QueryList query={settings} loadingLabel={t('notifications.loading')}>
          {(current) => (
            <fieldset aria-labelledby="notification-settings-title" className="space-y-3">
              {problem ? <ErrorState message={problem} /> : null}
              <ul className="divide-y divide-slate-200 dark:divide-slate-800">
                {SWITCHES.map((key) => (
                  <li key={key} className="py-2.5 first:pt-0 last:pb-0">
                    <label className="flex cursor-pointer items-start justify-between gap-4">
                      <span className="min-w-0">
                        <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">
                          {t(`notifications.${key}`)}
                        </span>
                        <span className="block text-xs text-slate-500 dark:text-slate-400">
                          {t(`notifications.${key}.hint`)}
                        </span>
                      </span>
                      <input
                        type="checkbox"
                        role="switch"
                        checked={current[key]}
                        aria-checked={current[key]}
                        onChange={(event) => save.mutate({ [key]: event.target.checked })}
                        className="peer mt-0.5 size-5 shrink-0 accent-orange-700"
                      />
                    </label>
                  </li>
                ))}
              </ul>
              <p aria-live="polite" className="text-xs text-slate-500 dark:text-slate-400">
                {save.isPending ? t('settings.saving') : save.isSuccess ? t('notifications.saved') : ''}
              </p>
            </fieldset>
          )}
        </QueryList>
      </div>
    </Card>
  );
}
