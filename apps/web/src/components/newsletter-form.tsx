import { useT } from '@d3/ui';
import { CheckCircle2, Mail } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { subscribeNewsletter } from '../lib/api/subscribe-newsletter';
import { isEmailAddress } from '../lib/email';
import { userErrorMessage } from '../lib/generic-error-message';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'error'; message: string };

export function NewsletterForm() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputId = useId();
  const messageId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setStatus({ kind: 'error', message: t('newsletter.required') });
    if (!isEmailAddress(value)) return setStatus({ kind: 'error', message: t('newsletter.invalid') });
    setStatus({ kind: 'sending' });
    try {
      await subscribeNewsletter(value);
      setStatus({ kind: 'done' });
      setEmail('');
    } catch (error) {
      setStatus({
        kind: 'error',
        message: userErrorMessage(error, t('newsletter.failed')),
      });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={messageId}>
      <label htmlFor={inputId} className="text-sm font-semibold text-white">
        {t('newsletter.label')}
      </label>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row lg:flex-col xl:flex-row">
        <div className="relative flex-1">
          <Mail
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={inputId}
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              if (status.kind === 'error') setStatus({ kind: 'idle' });
            }}
            placeholder={t('newsletter.placeholder')}
            aria-invalid={status.kind === 'error' || undefined}
            className="focus-ring h-10 w-full rounded-lg border border-slate-700 bg-slate-800 pr-3 pl-9 text-base text-white placeholder:text-slate-400 focus-visible:ring-offset-slate-900 sm:text-sm"
          />
        </div>
        <button
          type="submit"
          disabled={status.kind === 'sending'}
          className="btn-primary h-10 focus-visible:ring-offset-slate-900"
        >
          {status.kind === 'sending' ? t('newsletter.subscribing') : t('newsletter.subscribe')}
        </button>
      </div>
      <div id={messageId} aria-live="polite" className="mt-2 min-h-5 text-sm">
        {status.kind === 'done' && (
          <p className="flex items-start gap-1.5 text-emerald-400">
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('newsletter.success')}
          </p>
        )}
        {status.kind === 'error' && (
          <p role="alert" className="text-red-300">
            {status.message}
          </p>
        )}
      </div>
    </form>
  );
}
