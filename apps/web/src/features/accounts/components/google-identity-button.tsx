import { useLocale, useT } from '@d3/ui';
import { useEffect, useRef, useState } from 'react';

export const GIS_SCRIPT_SRC = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (response: { credential: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

let loading: Promise<GoogleIdentity> | null = null;

/** Loads Google Identity Services once, only when a client id is configured. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const existing = (window as { google?: GoogleIdentity }).google;
  if (existing?.accounts?.id) return Promise.resolve(existing);
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT_SRC;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const google = (window as { google?: GoogleIdentity }).google;
      if (google?.accounts?.id) resolve(google);
      else reject(new Error('Google Identity Services did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Google's own sign-in button (Google Identity Services), rendered by Google's script into this box.
 * The ID token it hands back goes to POST /users/google-signin like the simulator's (issue 15).
 */
export function GoogleIdentityButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const t = useT();
  // Google draws its button in the page's language ('Endelea na Google').
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!live || !box.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => callback.current(credential),
        });
        const dark = document.documentElement.classList.contains('dark');
        google.accounts.id.renderButton(box.current, {
          type: 'standard',
          theme: dark ? 'filled_black' : 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          locale,
          width: Math.min(box.current.clientWidth || 320, 400),
        });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [clientId, locale]);

  return (
    <div>
      <div ref={box} data-testid="google-identity-button" className="flex min-h-11 w-full justify-center" />
      {failed && (
        <p role="alert" className="mt-2 text-center text-sm text-red-700 dark:text-red-400">
          {t('accounts.google.failedToLoad')}
        </p>
      )}
    </div>
  );
}
