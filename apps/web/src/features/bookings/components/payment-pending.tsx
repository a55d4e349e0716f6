import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { Loader2, Smartphone } from 'lucide-react';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_MAX } from '../lib/payment-poll';

/** The waiting state between Review & Pay and Confirmation while M-Pesa asks the customer for their PIN. */
export function PaymentPending({ amount, phone, polls }: { amount: number; phone: string; polls: number }) {
  const t = useT();
  const totalMinutes = Math.round((PAYMENT_POLL_MAX * PAYMENT_POLL_INTERVAL_MS) / 60_000);
  return (
    <section aria-labelledby="payment-pending-title" className="py-8 text-center" aria-busy="true">
      <span className="relative mx-auto grid size-16 place-items-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
        <Smartphone aria-hidden="true" className="size-8" />
        <Loader2
          aria-hidden="true"
          className="absolute -right-1 -bottom-1 size-6 animate-spin text-orange-600 motion-reduce:animate-none"
        />
      </span>
      <h2 id="payment-pending-title" className="mt-5 text-xl font-bold text-slate-900 dark:text-white">
        {t('pay.waiting')}
      </h2>
      <p className="mx-auto mt-2 max-w-md text-base text-slate-600 dark:text-slate-300">
        {t('pay.checkPhone', { phone, amount: formatKesShort(amount) })}
      </p>
      <p role="status" aria-live="polite" className="mt-4 text-sm text-slate-500 dark:text-slate-400">
        {polls === 0 ? t('pay.sent') : t('pay.checking', { count: polls, max: PAYMENT_POLL_MAX })}
      </p>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
        {t('pay.keepChecking', { minutes: totalMinutes })}
      </p>
    </section>
  );
}
