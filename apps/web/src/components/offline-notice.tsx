import { useT } from '@d3/ui';
import { WifiOff } from 'lucide-react';
import { useOnline } from '../lib/online-status';

export const OFFLINE_NOTICE = "You're offline.";
export const OFFLINE_DETAIL = 'Showing what this phone saved. Messages you write go out when you are back.';

/** Says clearly that the phone has no network (issue 32), above every page, while that lasts. */
export function OfflineNotice() {
  const t = useT();
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-notice"
      className="sticky top-0 z-50 bg-slate-900 px-4 py-2 text-sm text-white dark:bg-slate-800"
    >
      <p className="content-width flex items-start gap-2">
        <WifiOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">{t('offline.notice')}</strong> {t('offline.detail')}
        </span>
      </p>
    </div>
  );
}
