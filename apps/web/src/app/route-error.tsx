import { RefreshCw, WifiOff } from 'lucide-react';
import { useRouteError } from 'react-router';
import { PageMessage } from '../components/state-panels';
import { useOnline } from '../lib/online-status';

export const PAGE_NOT_SAVED = 'This page is not saved on this phone yet';
export const PAGE_NOT_SAVED_TEXT =
  'It opens once you are back online. Pages you opened before, your bookings and their vouchers work offline.';
export const NEW_VERSION_TITLE = 'D3 Deals has been updated';
export const NEW_VERSION_TEXT = 'Reload to open this page in the new version.';

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
 */
export function RouteError() {
  const error = useRouteError();
  const online = useOnline();
  const missing = isMissingCode(error);
  if (missing && !online) {
    return (
      <PageMessage
        alert
        figure={<WifiOff aria-hidden="true" className="mx-auto size-12 text-orange-600" />}
        title={PAGE_NOT_SAVED}
        message={PAGE_NOT_SAVED_TEXT}
      >
        <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden="true" className="size-4" />
          Try Again
        </button>
      </PageMessage>
    );
  }
  return (
    <PageMessage
      alert
      figure={<RefreshCw aria-hidden="true" className="mx-auto size-12 text-orange-600" />}
      title={missing ? NEW_VERSION_TITLE : 'Something went wrong'}
      message={missing ? NEW_VERSION_TEXT : 'Please reload the page.'}
    >
      <button type="button" className="btn-primary mt-6" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden="true" className="size-4" />
        Reload
      </button>
    </PageMessage>
  );
}
