import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import { useT } from '@d3/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useParams } from 'react-router';
import { MpesaPhoneInput } from '../../../components/form-fields';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { payShareByLink, splitKeys, splitLinkQuery } from '../api/splits';
import { SplitPageState } from '../components/split-page-state';
import { SplitSummary } from '../components/split-summary';
import { SPLIT_TEXT, shareStatusText } from '../lib/split-labels';

/** The visitor's own share of this link, remembered in the tab (they paid through it). */
const mineKey = (token: string) => `d3-split-share:${token}`;

function rememberedShare(token: string): number | null {
  try {
    const value = window.sessionStorage.getItem(mineKey(token));
    return value === null ? null : Number(value);
  } catch {
    return null;
  }
}

/**
 * `/split/{token}` (issue 34): a friend opens the organiser's link, sees the booking and who has
 * paid, and pays a share from their own M-Pesa; then sees it confirmed with the voucher — or, when
 * the time ran out, their share refunded.
 */
export function SplitLinkPage() {
  const t = useT();
  useDocumentTitle(SPLIT_TEXT.title);
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(splitLinkQuery(token));
  const [mine, setMine] = useState<number | null>(() => rememberedShare(token));
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pay = useMutation({
    mutationFn: (number: string) => payShareByLink(token, number),
    onSuccess: (answer) => {
      setMine(answer.share.position);
      try {
        window.sessionStorage.setItem(mineKey(token), String(answer.share.position));
      } catch {
        // Private mode: the share is still shown until the tab is closed.
      }
      void queryClient.invalidateQueries({ queryKey: splitKeys.link(token) });
    },
    onError: (failure) => setError(isApiError(failure) ? failure.message : SPLIT_TEXT.loadFailed),
  });

  if (!query.isSuccess) return <SplitPageState error={query.error} />;
  const split = query.data;
  const myShare = mine === null ? undefined : split.shares.find((share) => share.position === mine);
  const openShare = split.shares.find(
    (share) => !share.isOrganiser && share.status === 'open' && !share.phoneNumber,
  );
  const amount = myShare?.amount ?? openShare?.amount ?? split.shares[1]?.amount ?? 0;
  const canPay = split.status === 'open' && (!myShare || myShare.status === 'open');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (phone.trim().length < 10) {
      setError(t('booking.payment.invalidPhone'));
      return;
    }
    setError(null);
    pay.mutate(phone.trim());
  };

  return (
    <div className="content-width max-w-2xl py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {SPLIT_TEXT.title}
      </h1>
      {myShare && (
        <p data-testid="my-share" className="mt-2 text-base font-semibold text-slate-800 dark:text-slate-100">
          {SPLIT_TEXT.yourShare}: {formatKesShort(myShare.amount)} · {shareStatusText(myShare)}
        </p>
      )}
      {myShare?.status === 'pending' && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{SPLIT_TEXT.waiting}</p>
      )}
      <div className="mt-5">
        <SplitSummary split={split} mine={mine} />
      </div>
      {canPay && (openShare || myShare) && (
        <section className="card mt-4 p-4 sm:p-5" aria-labelledby="pay-share">
          <h2 id="pay-share" className="text-base font-semibold text-slate-900 dark:text-white">
            {SPLIT_TEXT.payTitle}: {formatKesShort(amount)}
          </h2>
          <form onSubmit={submit} noValidate className="mt-3">
            <MpesaPhoneInput value={phone} onChange={setPhone} error={error} />
            <p className="mt-1.5 text-xs text-slate-600 dark:text-slate-300">{SPLIT_TEXT.payHelp}</p>
            <button type="submit" className="btn-primary mt-4 w-full sm:w-auto" disabled={pay.isPending}>
              {pay.isPending ? t('pay.sending') : t('splits.pay', { amount: formatKesShort(amount) })}
            </button>
          </form>
        </section>
      )}
      {split.status === 'open' && !openShare && !myShare && (
        <p className="mt-4 text-sm text-slate-700 dark:text-slate-200">{SPLIT_TEXT.noShareLeft}</p>
      )}
    </div>
  );
}
