import type { TSplitView } from '@d3/shared/payments/split-schemas';
import { useT } from '@d3/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Send } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { StoreSocialIcon } from '../../../components/brand-icons';
import { isApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { whatsappShareUrl } from '../../../lib/share-links';
import { toastError, toastSuccess } from '../../../lib/toast';
import { organiserSplitQuery, pushShareAgain, splitKeys } from '../api/splits';
import { SplitPageState } from '../components/split-page-state';
import { SplitSummary } from '../components/split-summary';
import { SPLIT_TEXT } from '../lib/split-labels';

/** The link friends open to pay their share. */
export function splitLink(token: string): string {
  return `${window.location.origin}/split/${token}`;
}

/**
 * `/split-booking/{id}` (issue 34): the organiser's view of their split, live — who has paid, the
 * share link to send (WhatsApp, or copied), and a prompt sent again to a friend who missed it.
 */
export function SplitManagePage() {
  const t = useT();
  useDocumentTitle(SPLIT_TEXT.title);
  const { splitId = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(organiserSplitQuery(splitId));
  const again = useMutation({
    mutationFn: (position: number) => pushShareAgain(splitId, position),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: splitKeys.organiser(splitId) }),
    onError: (error) => toastError(isApiError(error) ? error.message : SPLIT_TEXT.loadFailed),
  });

  if (!query.isSuccess) return <SplitPageState error={query.error} />;
  const split = query.data;
  const link = split.token ? splitLink(split.token) : null;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toastSuccess(SPLIT_TEXT.copied);
    } catch {
      toastError(t('details.copyFailed'));
    }
  };
  const sendAgain = (share: TSplitView['shares'][number]) =>
    split.status === 'open' && share.status === 'open' && share.phoneNumber ? (
      <button
        type="button"
        className="btn-secondary px-2.5 py-1 text-xs"
        disabled={again.isPending}
        onClick={() => again.mutate(share.position)}
      >
        <Send aria-hidden="true" className="size-3.5" />
        {SPLIT_TEXT.sendAgain}
      </button>
    ) : null;

  return (
    <div className="content-width max-w-2xl py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
        {SPLIT_TEXT.title}
      </h1>
      <div className="mt-5">
        <SplitSummary split={split} mine={0} action={sendAgain} />
      </div>
      {link && split.status === 'open' && (
        <section className="card mt-4 p-4 sm:p-5" aria-labelledby="share-link">
          <h2 id="share-link" className="text-base font-semibold text-slate-900 dark:text-white">
            {SPLIT_TEXT.shareLink}
          </h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t('splits.shareHelp')}</p>
          <p
            data-testid="split-link"
            className="mt-2 break-all rounded bg-slate-100 p-2 font-mono text-xs dark:bg-slate-800"
          >
            {link}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a
              className="btn-secondary"
              href={whatsappShareUrl(
                t('splits.whatsappText', { offer: split.booking.offerTitle ?? t('splits.anOffer') }),
                link,
              )}
              target="_blank"
              rel="noreferrer"
            >
              <StoreSocialIcon
                platform="whatsapp"
                className="size-4 text-emerald-600 dark:text-emerald-400"
              />
              {SPLIT_TEXT.whatsapp}
            </a>
            <button type="button" className="btn-secondary" onClick={() => void copy()}>
              <Copy aria-hidden="true" className="size-4" />
              {SPLIT_TEXT.copyLink}
            </button>
          </div>
        </section>
      )}
      <p className="mt-6">
        <Link
          to={`/booking-details/${split.booking.id}`}
          className="focus-ring rounded font-semibold text-orange-700 underline dark:text-orange-300"
        >
          {t('splits.viewBooking')}
        </Link>
      </p>
    </div>
  );
}
