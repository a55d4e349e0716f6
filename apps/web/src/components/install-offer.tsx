import { useT } from '@d3/ui';
import { Download, X } from 'lucide-react';
import { useEffect, useState } from 'react';

export const INSTALL_OFFER_TITLE = 'Add D3 Deals to your home screen';
export const INSTALL_OFFER_TEXT = 'It opens like an app, and your bookings and vouchers work with no signal.';

const VISITS_KEY = 'd3:visits';
const COUNTED_KEY = 'd3:visit-counted';
const DISMISSED_KEY = 'd3:install-dismissed-at';
/** Offered from this visit on: never on the first one. */
export const INSTALL_OFFER_MIN_VISITS = 2;
/** …once the visitor has been here this long on that visit (ms). */
export const INSTALL_OFFER_DELAY_MS = 20_000;
/** "Not now" holds the offer back this long (ms). */
const SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;

interface TInstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: string) {
  try {
    storage.setItem(key, value);
  } catch {
    // Private mode: the offer just counts nothing.
  }
}

/** This visit's number (a visit is a browser session: counted once however many pages it opens). */
export function countVisit(): number {
  const visits = Number(read(localStorage, VISITS_KEY) ?? '0') || 0;
  if (read(sessionStorage, COUNTED_KEY)) return visits;
  write(sessionStorage, COUNTED_KEY, '1');
  write(localStorage, VISITS_KEY, String(visits + 1));
  return visits + 1;
}

/** Whether the offer may show on visit `visit` at `now` (never the first visit, never while snoozed). */
export function installOfferAllowed(visit: number, now: number): boolean {
  if (visit < INSTALL_OFFER_MIN_VISITS) return false;
  const dismissedAt = Number(read(localStorage, DISMISSED_KEY) ?? '0') || 0;
  return now - dismissedAt >= SNOOZE_MS;
}

/**
 * 'Add to home screen' (issue 32), offered at a sensible moment: from the second visit on, once the
 * visitor has spent INSTALL_OFFER_DELAY_MS on the site, only when the browser can install it (its
 * `beforeinstallprompt`) and the site is not already running installed; "Not now" snoozes it.
 */
export function InstallOffer() {
  const [prompt, setPrompt] = useState<TInstallPrompt | null>(null);
  const [due, setDue] = useState(false);

  useEffect(() => {
    if (window.matchMedia?.('(display-mode: standalone)').matches) return;
    const visit = countVisit();
    if (!installOfferAllowed(visit, Date.now())) return;
    const onPrompt = (event: Event) => {
      event.preventDefault(); // the browser's own mini-bar would come on the first visit
      setPrompt(event as TInstallPrompt);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    const timer = setTimeout(() => setDue(true), INSTALL_OFFER_DELAY_MS);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      clearTimeout(timer);
    };
  }, []);

  const t = useT();
  if (!prompt || !due) return null;
  const close = () => {
    write(localStorage, DISMISSED_KEY, String(Date.now()));
    setPrompt(null);
  };
  const install = async () => {
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === 'dismissed') close();
    else setPrompt(null);
  };
  return (
    <section
      aria-label={t('install.title')}
      data-testid="install-offer"
      className="card fixed inset-x-3 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-40 flex items-start gap-3 p-4 shadow-lg md:right-6 md:bottom-6 md:left-auto md:w-96"
    >
      <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 rounded-lg" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900 dark:text-white">{t('install.title')}</p>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('install.text')}</p>
        <div className="mt-3 flex gap-2">
          <button type="button" className="btn-primary" onClick={() => void install()}>
            <Download aria-hidden="true" className="size-4" />
            {t('install.add')}
          </button>
          <button type="button" className="btn-secondary" onClick={close}>
            {t('install.notNow')}
          </button>
        </div>
      </div>
      <button
        type="button"
        onClick={close}
        className="focus-ring grid size-8 place-items-center rounded-full text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">{t('common.close')}</span>
      </button>
    </section>
  );
}
