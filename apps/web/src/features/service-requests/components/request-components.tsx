import { useT } from '@d3/ui';
import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { BadgeCheck, Clock, MapPin, Star, Users, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { StatusPill } from '../../../components/status-pill';
import { formatKes } from '../../../lib/format';
import { signInUrlFor } from '../../../lib/sign-in';
import { toastError, toastSuccess } from '../../../lib/toast';
import {
  serviceRequestErrorMessage,
  submitQuote,
  type TQuote,
  type TServiceRequest,
  useMerchantStores,
} from '../api/service-requests-api';
import { useRequestTexts } from '../lib/request-texts';
import { FormErrors } from './request-fields';

const STATUS_TONES: Record<string, string> = {
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  in_progress: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  completed: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  cancelled: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  accepted: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  rejected: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  withdrawn: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const texts = useRequestTexts();
  return (
    <StatusPill tone={STATUS_TONES[status] ?? STATUS_TONES.pending}>
      {label ?? texts.status(status)}
    </StatusPill>
  );
}

/** A request's budget, timeline, place and number of offers, as a definition list. */
export function RequestFacts({
  request,
  className,
  children,
}: {
  request: TServiceRequest;
  className: string;
  children?: ReactNode;
}) {
  const texts = useRequestTexts();
  const { t } = texts;
  const facts: Array<[string, ReactNode]> = [
    [t('requests.budget'), request.budget],
    [t('requests.timeline'), texts.timeline(request.timeline)],
    [t('requests.location'), request.location],
    [t('requests.offers'), request.offersCount],
  ];
  return (
    <dl className={className}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {children}
    </dl>
  );
}

interface RequestCardProps {
  request: TServiceRequest;
  onViewDetails: (request: TServiceRequest) => void;
  onMakeOffer?: ((request: TServiceRequest) => void) | undefined;
}

/** One request in the public list: title, category, budget, timeline, place, poster, offers. */
export function RequestCard({ request, onViewDetails, onMakeOffer }: RequestCardProps) {
  const texts = useRequestTexts();
  const { t } = texts;
  return (
    <article className="card flex h-full flex-col p-5" aria-label={request.title}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-full bg-orange-100 px-2.5 py-0.5 text-xs font-semibold text-orange-800 dark:bg-orange-900/40 dark:text-orange-200">
          {request.category}
        </span>
        <StatusBadge status={request.status} />
        {request.priority === 'urgent' || request.priority === 'high' ? (
          <span className="text-xs font-semibold text-red-700 uppercase dark:text-red-300">
            {texts.priority(request.priority)}
          </span>
        ) : null}
      </div>
      <h3 className="mt-3 text-lg font-bold text-slate-900 dark:text-white">{request.title}</h3>
      <p className="mt-1 line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{request.description}</p>
      <ul className="mt-4 grid gap-1.5 text-sm text-slate-700 dark:text-slate-200">
        <li className="font-semibold text-slate-900 dark:text-white">{request.budget}</li>
        <li className="flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4" /> {texts.timeline(request.timeline)}
        </li>
        <li className="flex items-center gap-1.5">
          <MapPin aria-hidden="true" className="size-4" /> {request.location}
        </li>
        <li className="flex items-center gap-1.5">
          <Users aria-hidden="true" className="size-4" />
          {t('requests.offerCount', { count: request.offersCount })}
        </li>
      </ul>
      <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
        {t(request.verified ? 'requests.postedByVerified' : 'requests.postedBy', { name: request.postedBy })}{' '}
        · {texts.posted(request.postedTime)}
      </p>
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <button type="button" className="btn-secondary" onClick={() => onViewDetails(request)}>
          {t('requests.viewDetails')}
        </button>
        {onMakeOffer && request.status === 'active' && !request.isOwner && !request.hasMyOffer && (
          <button type="button" className="btn-primary" onClick={() => onMakeOffer(request)}>
            {t('requests.makeOffer')}
          </button>
        )}
      </div>
    </article>
  );
}

interface OfferCardProps {
  offer: TQuote;
  /** The owner may decide on pending offers. */
  canDecide: boolean;
  onAccept?: (offer: TQuote) => void;
  onReject?: (offer: TQuote) => void;
  busy?: boolean;
  showRequest?: boolean;
  /** The request's owner: an accepted offer of a request in progress can be booked (issue 12). */
  canBook?: boolean;
}

/** A provider's quote: store, price, duration, availability, extras; Accept / Reject while pending. */
export function OfferCard({
  offer,
  canDecide,
  onAccept,
  onReject,
  busy = false,
  showRequest = false,
  canBook = false,
}: OfferCardProps) {
  const texts = useRequestTexts();
  const { t } = texts;
  return (
    <article className="card p-4" aria-label={t('requests.offerFrom', { store: offer.storeName })}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {showRequest && (
            <p className="text-xs font-semibold text-orange-700 dark:text-orange-300">{offer.requestTitle}</p>
          )}
          <h4 className="flex items-center gap-1.5 font-bold text-slate-900 dark:text-white">
            {offer.storeName}
            {offer.verified && (
              <BadgeCheck aria-label={t('requests.verifiedProvider')} className="size-4 text-sky-600" />
            )}
          </h4>
          <p className="flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
            <Star aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-400" />
            {t('requests.ratingLine', { rating: offer.rating.toFixed(1), count: offer.reviews })} ·{' '}
            {offer.responseTime}
          </p>
        </div>
        <div className="text-right">
          <p className="text-lg font-bold text-slate-900 dark:text-white">{formatKes(offer.quotedPrice)}</p>
          <StatusBadge status={offer.status} label={texts.quoteStatus(offer.status)} />
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-700 dark:text-slate-200">{offer.message}</p>
      <ul className="mt-3 grid gap-1 text-xs text-slate-600 dark:text-slate-300">
        <li>{t('requests.availabilityIs', { value: offer.availability })}</li>
        {offer.estimatedDuration && <li>{t('requests.durationIs', { value: offer.estimatedDuration })}</li>}
        {offer.includesSupplies && <li>{t('requests.suppliesIncluded')}</li>}
        {offer.warranty && <li>{t('requests.warrantyIs', { value: offer.warranty })}</li>}
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Link to={`/Store/${offer.storeId}`} className="btn-secondary">
          {t('requests.viewStore')}
        </Link>
        {canDecide && offer.status === 'pending' && (
          <>
            <button type="button" className="btn-secondary" disabled={busy} onClick={() => onReject?.(offer)}>
              {t('requests.reject')}
            </button>
            <button type="button" className="btn-primary" disabled={busy} onClick={() => onAccept?.(offer)}>
              {t('requests.accept')}
            </button>
          </>
        )}
        {offer.status === 'accepted' && (
          <span className="text-sm font-semibold text-emerald-700 dark:text-emerald-300">
            {t('requests.quote.accepted')}
          </span>
        )}
        {canBook && offer.status === 'accepted' && offer.requestStatus === 'in_progress' && (
          <Link to={`/booking/quote/${offer.id}`} className="btn-primary">
            {t('requests.bookProvider')}
          </Link>
        )}
      </div>
    </article>
  );
}

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}

export function Modal({ open, onOpenChange, title, children, wide = false }: ModalProps) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className={clsx(
            'card fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto p-6',
            wide ? 'max-w-2xl' : 'max-w-md',
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-slate-900 dark:text-white">{title}</Dialog.Title>
            <Dialog.Close className="focus-ring rounded-md p-1" aria-label={t('common.close')}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Seed 000 §2: 'Login Required' with Login to /accounts/sign-in. */
export function LoginRequiredModal({
  open,
  onOpenChange,
  message,
  returnTo = '/service-requests',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message?: string;
  returnTo?: string;
}) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('requests.loginRequired')}>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        {message ?? t('requests.loginToAccess')}
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Dialog.Close className="btn-secondary">{t('common.cancel')}</Dialog.Close>
        <Link to={signInUrlFor(returnTo)} className="btn-primary">
          {t('requests.login')}
        </Link>
      </div>
    </Modal>
  );
}

/** Seed 000 §2: 'Confirm Action' (the accept warning). */
export function ConfirmActionModal({
  open,
  onOpenChange,
  message,
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: string;
  onConfirm: () => void;
  busy: boolean;
}) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('requests.confirmAction')}>
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{message}</p>
      <div className="mt-6 flex justify-end gap-3">
        <Dialog.Close className="btn-secondary" disabled={busy}>
          {t('common.cancel')}
        </Dialog.Close>
        <button type="button" className="btn-primary" disabled={busy} onClick={onConfirm}>
          {busy ? t('requests.working') : t('requests.confirm')}
        </button>
      </div>
    </Modal>
  );
}

/** 'Make an Offer': a merchant (signed in on the merchant site) quotes for one of its stores. */
export function MakeOfferModal({
  request,
  onOpenChange,
}: {
  request: TServiceRequest | null;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const stores = useMerchantStores(request !== null);
  const queryClient = useQueryClient();
  const ids = {
    store: useId(),
    price: useId(),
    message: useId(),
    availability: useId(),
    duration: useId(),
    warranty: useId(),
  };
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!request) return;
    const form = new FormData(event.currentTarget);
    const body = {
      storeId: String(form.get('storeId') ?? ''),
      quotedPrice: Number(form.get('quotedPrice')),
      message: String(form.get('message') ?? ''),
      availability: String(form.get('availability') ?? ''),
      estimatedDuration: String(form.get('estimatedDuration') ?? '') || undefined,
      includesSupplies: form.get('includesSupplies') === 'on',
      warranty: String(form.get('warranty') ?? '') || undefined,
    };
    const problems: string[] = [];
    if (!(body.quotedPrice > 0)) problems.push(t('requests.msg.quotedPrice'));
    const length = body.message.trim().length;
    if (length < 10 || length > 1000) problems.push(t('requests.msg.quoteMessage'));
    if (!body.availability.trim()) problems.push(t('requests.msg.availabilityRequired'));
    else if (body.availability.length > 200) problems.push(t('requests.msg.availabilityTooLong'));
    setErrors(problems);
    if (problems.length) return;
    setBusy(true);
    try {
      await submitQuote(request.id, body);
      toastSuccess(t('requests.msg.offerSubmitted'));
      await queryClient.invalidateQueries({ queryKey: ['service-requests'] });
      onOpenChange(false);
    } catch (error) {
      toastError(t('requests.errorIs', { message: serviceRequestErrorMessage(error) }));
    } finally {
      setBusy(false);
    }
  }

  const storeList = stores.data?.stores ?? [];
  return (
    <Modal open={request !== null} onOpenChange={onOpenChange} title={t('requests.makeOffer')} wide>
      {request && <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{request.title}</p>}
      {stores.isPending ? (
        <p className="mt-4 text-sm">{t('requests.loadingStores')}</p>
      ) : storeList.length === 0 ? (
        <p className="mt-4 text-sm">{t('requests.noStoreInfo')}</p>
      ) : (
        <form className="mt-4 grid gap-3" onSubmit={onSubmit} noValidate>
          <FormErrors errors={errors} />
          <label htmlFor={ids.store} className="text-sm font-medium">
            {t('requests.store')}
          </label>
          <select id={ids.store} name="storeId" className="field">
            {storeList.map((store) => (
              <option key={store.id} value={store.id}>
                {store.name}
              </option>
            ))}
          </select>
          <label htmlFor={ids.price} className="text-sm font-medium">
            {t('requests.quotedPrice')}
          </label>
          <input id={ids.price} name="quotedPrice" type="number" min="0.01" step="0.01" className="field" />
          <label htmlFor={ids.message} className="text-sm font-medium">
            {t('requests.message')}
          </label>
          <textarea id={ids.message} name="message" rows={4} maxLength={1000} className="field" />
          <label htmlFor={ids.availability} className="text-sm font-medium">
            {t('requests.availability')}
          </label>
          <input id={ids.availability} name="availability" maxLength={200} className="field" />
          <label htmlFor={ids.duration} className="text-sm font-medium">
            {t('requests.duration')}
          </label>
          <input id={ids.duration} name="estimatedDuration" maxLength={100} className="field" />
          <label htmlFor={ids.warranty} className="text-sm font-medium">
            {t('requests.warranty')}
          </label>
          <input id={ids.warranty} name="warranty" maxLength={200} className="field" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="includesSupplies" /> {t('requests.suppliesIncluded')}
          </label>
          <div className="mt-2 flex justify-end gap-3">
            <Dialog.Close className="btn-secondary">{t('common.cancel')}</Dialog.Close>
            <button type="submit" className="btn-primary" disabled={busy}>
              {busy ? t('requests.submitting') : t('requests.submitOffer')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
