import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@d3/shared/accounts/accounts-schemas';
import { maskPhone } from '@d3/shared/accounts/phone-rules';
import { useErrorText, useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { FieldError } from '../../../components/form-fields';
import { EMPTY_OTP, OtpInput } from '../../../components/otp-input';
import { useResendPhoneOtp, useVerifyPhoneOtp } from '../../../lib/api/phone-otp';
import { isApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AuthShell, authLinkClass } from '../components/auth-shell';
import { safeRedirectPath } from '../lib/auth-redirect';

/** Seed 000 §9: after verifying, home follows in 1.5 s. */
export const AFTER_VERIFY_DELAY_MS = 1500;

interface VerifyOtpState {
  phone?: unknown;
  message?: unknown;
  returnUrl?: unknown;
}

interface VerifyOtpDetails {
  phone: string;
  message: string | null;
  /** Where the visitor was going before signing up (same-site only), else home. */
  returnUrl: string;
}

function readState(state: unknown): VerifyOtpDetails | null {
  const { phone, message, returnUrl } = (state ?? {}) as VerifyOtpState;
  if (typeof phone !== 'string' || phone.trim() === '') return null;
  return {
    phone,
    message: typeof message === 'string' && message.trim() ? message : null,
    returnUrl: safeRedirectPath(returnUrl) ?? '/',
  };
}

/** A whole-second countdown that can be restarted. */
function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);
  return { left, restart: () => setLeft(seconds) };
}

export function VerifyOtpPage() {
  const location = useLocation();
  const details = readState(location.state);
  if (!details) return <Navigate to="/accounts/sign-up" replace />;
  return <VerifyOtpForm {...details} />;
}

function VerifyOtpForm({ phone, message, returnUrl }: VerifyOtpDetails) {
  const t = useT();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useVerifyPhoneOtp();
  const resend = useResendPhoneOtp();
  const countdown = useCountdown(OTP_RESEND_SECONDS);
  const [digits, setDigits] = useState<string[]>([...EMPTY_OTP]);
  const [error, setError] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const errorId = useId();
  const leaveTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(leaveTimer.current), []);

  const code = digits.join('');
  const complete = code.length === OTP_LENGTH;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete) return setError(t('accounts.otp.incomplete'));
    setError(null);
    try {
      await verify.mutateAsync({ phone, otp: code });
      setVerified(true);
      toastSuccess(t('accounts.otp.verified'));
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      leaveTimer.current = window.setTimeout(
        () => navigate(returnUrl, { replace: true }),
        AFTER_VERIFY_DELAY_MS,
      );
    } catch (cause) {
      setError(
        isApiError(cause) && cause.status !== 0 && cause.status < 500
          ? errorText(cause.code, cause.message)
          : t('accounts.otp.error'),
      );
    }
  };

  const onResend = async () => {
    try {
      await resend.mutateAsync({ phone });
      toastSuccess(t('accounts.otp.resent'));
      setDigits([...EMPTY_OTP]);
      setError(null);
      countdown.restart();
    } catch (cause) {
      toastError(
        t(isApiError(cause) && cause.status !== 0 ? 'accounts.otp.resendFailed' : 'accounts.otp.resendError'),
      );
    }
  };

  return (
    <AuthShell
      title={t('accounts.otp.title')}
      icon={ShieldCheck}
      lead={
        <>
          {message ?? t('accounts.otp.lead')}
          <span className="mt-1 block font-semibold text-slate-900 tabular-nums dark:text-white">
            {maskPhone(phone)}
          </span>
        </>
      }
      footer={
        <Link to="/accounts/sign-up" className={authLinkClass}>
          {t('accounts.otp.back')}
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <OtpInput
          value={digits}
          onChange={(next) => {
            setDigits(next);
            if (error) setError(null);
          }}
          disabled={verified}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
          label={t('accounts.otp.code')}
        />
        <div aria-live="polite" className="mt-2 flex min-h-6 justify-center text-center">
          <FieldError id={errorId} message={error ?? undefined} />
        </div>
        <button
          type="submit"
          disabled={!complete || verify.isPending || verified}
          className="btn-primary mt-4 h-11 w-full text-[0.9375rem]"
        >
          {verify.isPending ? t('accounts.otp.verifying') : t('accounts.otp.title')}
        </button>
      </form>
      <div className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        <p>{t('accounts.otp.noCode')}</p>
        <button
          type="button"
          onClick={onResend}
          disabled={countdown.left > 0 || resend.isPending || verified}
          className="focus-ring mt-1 rounded font-semibold text-orange-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline dark:text-orange-400 dark:disabled:text-slate-400"
        >
          {countdown.left > 0 ? (
            <span className="tabular-nums">{t('accounts.otp.resendIn', { seconds: countdown.left })}</span>
          ) : resend.isPending ? (
            t('accounts.otp.sending')
          ) : (
            t('accounts.otp.resend')
          )}
        </button>
      </div>
    </AuthShell>
  );
}
