import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@d3/shared/accounts/accounts-schemas';
import { maskPhone } from '@d3/shared/accounts/phone-rules';
import { errorText, useT } from '@d3/ui';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { EMPTY_OTP, OtpInput } from '../../../components/otp-input';
import { useResendPhoneOtp, useVerifyPhoneOtp } from '../../../lib/api/phone-otp';
import { isApiError } from '../../../lib/api-client';
import { siteI18nOrDefault, siteText } from '../../../lib/site-i18n';
import { toastSuccess } from '../../../lib/toast';

/** The dialog's words in the page's language (locales/profile), read when used. */
export const VERIFY_PHONE_TEXTS = {
  get action() {
    return siteText('profile.phone.action');
  },
  get title() {
    return siteText('profile.phone.title');
  },
  get intro() {
    return siteText('profile.phone.intro');
  },
  get send() {
    return siteText('profile.phone.send');
  },
  get sending() {
    return siteText('profile.phone.sending');
  },
  get sent() {
    return siteText('profile.phone.sent');
  },
  get sendFailed() {
    return siteText('profile.phone.sendFailed');
  },
  get verify() {
    return siteText('profile.phone.verify');
  },
  get verifying() {
    return siteText('profile.phone.verifying');
  },
  get error() {
    return siteText('profile.phone.error');
  },
  resendIn: (seconds: number) => siteText('profile.phone.resendIn', { seconds }),
  get resend() {
    return siteText('profile.phone.resend');
  },
};

/** The server's own text for a 4xx (wrong code, too many tries), a generic one otherwise. */
function messageOf(cause: unknown, fallback: string): string {
  return isApiError(cause) && cause.status >= 400 && cause.status < 500
    ? errorText(siteI18nOrDefault(), cause.code, cause.message)
    : fallback;
}

/**
 * Issue 15: a customer who skipped phone verification after sign-up verifies later from the profile,
 * with the same endpoints as the sign-up OTP page (`POST /users/resend-otp`, `POST /users/verify-otp`).
 */
export function VerifyPhoneAction({ phone }: { phone: string }) {
  useT(); // re-drawn in the other language after a switch
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="focus-ring rounded text-xs font-semibold text-orange-700 underline hover:text-orange-800 dark:text-orange-300 dark:hover:text-orange-200">
        {VERIFY_PHONE_TEXTS.action}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content className="card fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6">
          <Dialog.Title className="text-lg font-bold text-slate-900 dark:text-white">
            {VERIFY_PHONE_TEXTS.title}
          </Dialog.Title>
          {open && <VerifyPhoneForm phone={phone} onDone={() => setOpen(false)} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function VerifyPhoneForm({ phone, onDone }: { phone: string; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const send = useResendPhoneOtp();
  const verify = useVerifyPhoneOtp();
  const [sent, setSent] = useState(false);
  const [wait, setWait] = useState(0);
  const [digits, setDigits] = useState<string[]>([...EMPTY_OTP]);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((left) => left - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    setError(null);
    try {
      await send.mutateAsync({ phone });
      setSent(true);
      setDigits([...EMPTY_OTP]);
      setWait(OTP_RESEND_SECONDS);
    } catch (cause) {
      setError(messageOf(cause, VERIFY_PHONE_TEXTS.sendFailed));
    }
  };

  const code = digits.join('');
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.length !== OTP_LENGTH) return setError(t('profile.phone.incomplete'));
    setError(null);
    try {
      await verify.mutateAsync({ phone, otp: code });
      toastSuccess(t('profile.phone.verified'));
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      onDone();
    } catch (cause) {
      setError(messageOf(cause, VERIFY_PHONE_TEXTS.error));
    }
  };

  const errorLine = error && (
    <p
      id={errorId}
      role="alert"
      className="mt-2 text-center text-sm font-medium text-red-700 dark:text-red-400"
    >
      {error}
    </p>
  );

  if (!sent) {
    return (
      <>
        <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {VERIFY_PHONE_TEXTS.intro}{' '}
          <span className="font-semibold text-slate-900 tabular-nums dark:text-white">
            {maskPhone(phone)}
          </span>
          .
        </Dialog.Description>
        {errorLine}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Dialog.Close className="btn-secondary">{t('common.cancel')}</Dialog.Close>
          <button
            type="button"
            className="btn-primary"
            disabled={send.isPending}
            onClick={() => void sendCode()}
          >
            {send.isPending ? VERIFY_PHONE_TEXTS.sending : VERIFY_PHONE_TEXTS.send}
          </button>
        </div>
      </>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Dialog.Description className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {VERIFY_PHONE_TEXTS.sent}{' '}
        <span className="font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">
          {maskPhone(phone)}
        </span>
      </Dialog.Description>
      <div className="mt-4">
        <OtpInput
          value={digits}
          onChange={(next) => {
            setDigits(next);
            if (error) setError(null);
          }}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          label={t('profile.phone.code')}
        />
      </div>
      {errorLine}
      <button
        type="submit"
        disabled={code.length !== OTP_LENGTH || verify.isPending}
        className="btn-primary mt-4 h-11 w-full"
      >
        {verify.isPending ? VERIFY_PHONE_TEXTS.verifying : VERIFY_PHONE_TEXTS.verify}
      </button>
      <div className="mt-3 flex items-center justify-between gap-3 text-sm">
        <Dialog.Close className="focus-ring rounded font-medium text-slate-600 underline dark:text-slate-300">
          {t('common.cancel')}
        </Dialog.Close>
        <button
          type="button"
          disabled={wait > 0 || send.isPending}
          onClick={() => void sendCode()}
          className="focus-ring rounded font-semibold text-orange-700 underline disabled:text-slate-500 disabled:no-underline dark:text-orange-300 dark:disabled:text-slate-400"
        >
          {wait > 0 ? VERIFY_PHONE_TEXTS.resendIn(wait) : VERIFY_PHONE_TEXTS.resend}
        </button>
      </div>
    </form>
  );
}
