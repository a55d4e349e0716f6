import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  acceptOffer,
  rejectOffer,
  serviceRequestErrorMessage,
  type TQuote,
} from '../api/service-requests-api';
import { ConfirmActionModal, OfferCard } from './request-components';

/**
 * Accept (after the seed's Confirm Action warning) and Reject for the owner's offer cards, with the
 * seed's success texts and 'Error: {message}' on failure. Spread `cardProps` on each offer card; render
 * `dialog` once on the page.
 */
export function useOfferDecisions() {
  const t = useT();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<TQuote | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['service-requests'] }),
      queryClient.invalidateQueries({ queryKey: ['users', 'service-requests'] }),
    ]);

  async function accept() {
    if (!confirming) return;
    setBusy(true);
    try {
      await acceptOffer(confirming.requestId, confirming.id);
      toastSuccess(t('requests.msg.offerAccepted'));
      setConfirming(null);
      await refresh();
    } catch (error) {
      toastError(t('requests.errorIs', { message: serviceRequestErrorMessage(error) }));
    } finally {
      setBusy(false);
    }
  }

  async function reject(offer: TQuote) {
    setBusy(true);
    try {
      await rejectOffer(offer.requestId, offer.id);
      toastSuccess(t('requests.msg.offerRejected'));
      await refresh();
    } catch (error) {
      toastError(t('requests.errorIs', { message: serviceRequestErrorMessage(error) }));
    } finally {
      setBusy(false);
    }
  }

  const dialog = (
    <ConfirmActionModal
      open={confirming !== null}
      onOpenChange={(open) => {
        if (!open) setConfirming(null);
      }}
      message={t('requests.acceptWarning')}
      onConfirm={() => void accept()}
      busy={busy}
    />
  );

  /** What an offer card needs to decide: Accept asks first, Reject goes straight out. */
  const cardProps = { busy, onAccept: setConfirming, onReject: (offer: TQuote) => void reject(offer) };
  return { cardProps, dialog };
}

/**
 * The offers stores made on the customer's own requests, two to a row, with Accept / Reject while
 * the request is still open.
 */
export function ReceivedOffersGrid({
  offers,
  decisions,
  canBook = false,
}: {
  offers: readonly TQuote[];
  decisions: ReturnType<typeof useOfferDecisions>;
  canBook?: boolean;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {offers.map((offer) => (
        <OfferCard
          key={offer.id}
          offer={offer}
          showRequest
          canDecide={offer.requestStatus === 'active'}
          canBook={canBook}
          {...decisions.cardProps}
        />
      ))}
    </div>
  );
}
