import { ERROR_CODES } from '@d3/shared/api/error-codes';
import { useErrorText, useT } from '@d3/ui';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormAlert, StateInput } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';
import { isEmailAddress } from '../../../lib/email';
import { userErrorMessage } from '../../../lib/generic-error-message';
import { readSiteConfig } from '../../../lib/site-config';
import { toastError } from '../../../lib/toast';
import { getSimulatorCredential, useGoogleSignIn } from '../api/google-sign-in';
import { AFTER_SIGN_IN_DELAY_MS, rememberRedirect, takeRememberedRedirect } from '../lib/auth-redirect';
import { GoogleIdentityButton } from './google-identity-button';

/** 'Google authentication failed' in the page's language (the server's code for it). */
function useGoogleFailed(): string {
  return useErrorText()('GOOGLE_AUTH_FAILED', ERROR_CODES.GOOGLE_AUTH_FAILED.message);
}

function GoogleMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className={className}>
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

interface GoogleSignInButtonProps {
  /** Where to go once signed in; kept in local storage across the Google step (seed 000 §2). */
  redirectTo: string;
  referralSlug?: string;
  /** Called just before navigating away, so the page does not redirect on its own meanwhile. */
  onSignedIn?: () => void;
}

/**
 * 'Continue with Google'. With GOOGLE_CLIENT_ID configured on the server (written into the page as
 * `d3-config`) Google Identity Services renders Google's own button; without it (development, tests)
 * a small local simulator dialog asks who to sign in as. Both end in the same call:
 * POST /users/google-signin with the credential.
 */
export function GoogleSignInButton({ redirectTo, referralSlug, onSignedIn }: GoogleSignInButtonProps) {
  const t = useT();
  const GOOGLE_FAILED = useGoogleFailed();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const googleSignIn = useGoogleSignIn();

  const completeWithCredential = async (credential: string) => {
    const response = await googleSignIn.mutateAsync({ credential, referralSlug });
    onSignedIn?.();
    setToken(response.access_token);
    const target = takeRememberedRedirect() ?? redirectTo;
    setOpen(false);
    window.setTimeout(() => navigate(target, { replace: true }), AFTER_SIGN_IN_DELAY_MS);
  };

  const start = () => {
    rememberRedirect(redirectTo);
    setOpen(true);
  };

  // GOOGLE_CLIENT_ID set on the server: Google's real button (issue 15); else the local simulator.
  const clientId = readSiteConfig().googleClientId;
  if (clientId) {
    return (
      <GoogleIdentityButton
        clientId={clientId}
        onCredential={(credential) => {
          rememberRedirect(redirectTo);
          completeWithCredential(credential).catch((error: unknown) =>
            toastError(isApiError(error) ? userErrorMessage(error, GOOGLE_FAILED) : GOOGLE_FAILED),
          );
        }}
      />
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={start}
        className="btn-secondary h-11 w-full text-[0.9375rem] font-semibold"
      >
        <GoogleMark className="size-5" />
        {t('accounts.google.continue')}
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-sm" />
          <Dialog.Content className="fixed inset-x-4 top-1/2 z-50 mx-auto max-w-sm -translate-y-1/2 rounded-2xl border border-slate-200 bg-white p-6 shadow-2xl focus:outline-none dark:border-slate-800 dark:bg-slate-900">
            <div className="flex items-start justify-between gap-3">
              <div className="flex items-center gap-2">
                <GoogleMark className="size-6" />
                <Dialog.Title className="text-lg font-semibold text-slate-900 dark:text-white">
                  {t('accounts.google.simulator')}
                </Dialog.Title>
              </div>
              <Dialog.Close asChild>
                <button
                  type="button"
                  aria-label={t('common.close')}
                  className="focus-ring -mt-1 -mr-2 grid size-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
                >
                  <X aria-hidden="true" className="size-5" />
                </button>
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t('accounts.google.simulatorText')}
            </Dialog.Description>
            <SimulatorForm onCredential={completeWithCredential} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

function SimulatorForm({ onCredential }: { onCredential: (credential: string) => Promise<void> }) {
  const t = useT();
  const GOOGLE_FAILED = useGoogleFailed();
  const [email, setEmail] = useState('');
  const [givenName, setGivenName] = useState('');
  const [familyName, setFamilyName] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isEmailAddress(email)) {
      setEmailError(t(email.trim() ? 'newsletter.invalid' : 'newsletter.required'));
      return;
    }
    setEmailError(undefined);
    setProblem(null);
    setBusy(true);
    try {
      const credential = await getSimulatorCredential({
        email: email.trim(),
        givenName: givenName.trim() || email.trim().split('@')[0] || 'Google',
        familyName: familyName.trim() || 'User',
      });
      await onCredential(credential);
    } catch (error) {
      setProblem(
        isApiError(error) && error.status !== 404 ? userErrorMessage(error, GOOGLE_FAILED) : GOOGLE_FAILED,
      );
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4">
      <FormAlert message={problem} />
      <StateInput
        label={t('accounts.google.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={emailError}
      />
      <div className="grid grid-cols-2 gap-3">
        <StateInput
          label={t('accounts.firstName')}
          autoComplete="given-name"
          value={givenName}
          onChange={setGivenName}
        />
        <StateInput
          label={t('accounts.lastName')}
          autoComplete="family-name"
          value={familyName}
          onChange={setFamilyName}
        />
      </div>
      <button type="submit" disabled={busy} className="btn-primary h-11 w-full">
        {busy ? t('accounts.google.signingIn') : t('common.continue')}
      </button>
    </form>
  );
}
