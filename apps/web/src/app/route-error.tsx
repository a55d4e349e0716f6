import { useT } from '@d3/ui';
import { RefreshCw, WifiOff } from 'lucide-react';
import { useRouteError } from 'react-router';
import { PageMessage } from '../components/state-panels';
import { useOnline } from '../lib/online-status';

/** A page's code that could not be fetched: offline, or gone with a new build (issue 32). */
function isMissingCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported/i.test(
    message,
  );
}

/**
 * Shown in place of a page that failed to open (under the layout, so the navbar and tab bar stay).
 * A page whose code never came: offline, it says the page is not saved yet; online, that a new
 * version is out and a reload opens it. Anything else: the error is the page's own, and a reload.
 * Its words are the shell's (issue 33): the page's own area may be what failed to load.
 */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const online = useOnline();
  const missing = isMissingCode(error);
  if (missing && !online) {
    return (
      <PageMessage
        alert
        figure={<WifiOff aria-hidden="true" className="mx-auto size-12 text-orange-600" />}
        title={t('routeError.notSaved')}
        message={t('routeError.notSavedText')}
      >
        <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('common.tryAgain')}
        </button>
      </PageMessage>
    );
  }
  return (
    <PageMessage
      alert
      figure={<RefreshCw aria-hidden="true" className="mx-auto size-12 text-orange-600" />}
      title={t(missing ? 'routeError.newVersion' : 'common.somethingWrong')}
      message={t(missing ? 'routeError.newVersionText' : 'routeError.reloadPage')}
    >
      <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('routeError.reload')}
      </button>
    </PageMessage>
  );
}
