import { QUOTE_STATUSES, TIMELINE_LABELS } from '@d3/shared/service-requests/service-request-rules';
import {
  type TQuote,
  type TServiceRequest,
  ZCreateQuote,
} from '@d3/shared/service-requests/service-request-schemas';
import { relativeTime } from '@d3/shared/time/relative-time';
import { formatDate, formatPrice } from '@d3/ui';
import { clsx } from 'clsx';
import { CalendarClock, CheckCircle2, MapPin, Tag, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { EmptyList, QueryList, useResourceForm } from '../../../components/resource-crud';
import { CreateStoreFirst } from '../../../components/store-picker';
import {
  buttonClass,
  Card,
  CheckboxField,
  ConfirmDialog,
  ErrorState,
  FormActions,
  InputField,
  Modal,
  SelectField,
  StatusBadge,
  TextareaField,
} from '../../../components/ui';
import { useMyStores } from '../../../lib/api/merchant-catalogue';
import { validateWith } from '../../../lib/form-validation';
import {
  OPEN_REQUESTS_PAGE_SIZE,
  type TQuoteBody,
  useMyQuotes,
  useOpenRequests,
  useRequestCategories,
  useSendQuote,
  useWithdrawQuote,
} from '../api/service-requests-api';

const TABS = [
  { id: 'open', label: 'Open requests' },
  { id: 'quotes', label: 'My quotes' },
] as const;

/**
 * Service requests for merchants (issue 13): browse customers' open requests, quote for one of the
 * merchant's stores, follow each quote's status and withdraw a pending one.
 */
export function ServiceRequestsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'quotes' ? 'quotes' : 'open';
  const [notice, setNotice] = useState<string | null>(null);
  const setTab = (id: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('tab', id);
      return next;
    });

  return (
    <>
      <PageHeader
        title="Service requests"
        description="Customers describe a job; send a quote from one of your stores."
      />
      <div role="tablist" aria-label="Service requests" className="mb-5 flex gap-2">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={clsx(
              'h-10 rounded-xl px-4 text-sm font-semibold',
              tab === t.id
                ? 'bg-orange-700 text-white'
                : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      {notice ? (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-200"
        >
          <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
          {notice}
        </p>
      ) : null}
      <div role="tabpanel">
        {tab === 'open' ? <OpenRequests onNotice={setNotice} /> : <MyQuotes onNotice={setNotice} />}
      </div>
    </>
  );
}

function OpenRequests({ onNotice }: { onNotice: (text: string) => void }) {
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [quoting, setQuoting] = useState<TServiceRequest | null>(null);
  const categories = useRequestCategories();
  const requests = useOpenRequests(category, page);
  const list = requests.data?.requests ?? [];
  const totalPages = requests.data?.pagination.totalPages ?? 1;

  return (
    <>
      <SelectField
        label="Category"
        className="mb-5 max-w-sm"
        value={category}
        onChange={(value) => {
          setCategory(value);
          setPage(1);
        }}
        options={[
          { value: '', label: 'All categories' },
          ...(categories.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.count})` })),
        ]}
      />
      <QueryList
        query={requests}
        loadingLabel="Loading service requests…"
        isEmpty={() => list.length === 0}
        empty={
          <EmptyList title="No open requests">
            {category
              ? `No customer is asking for ${category} right now. Try another category.`
              : 'No customer is asking for a service right now. New requests appear here.'}
          </EmptyList>
        }
      >
        {() => (
          <>
            <ul className="grid gap-4 md:grid-cols-2">
              {list.map((r) => (
                <li key={r.id}>
                  <Card className="flex h-full flex-col gap-3">
                    <div className="flex items-start justify-between gap-3">
                      <h2 className="font-semibold text-slate-900 dark:text-white">{r.title}</h2>
                      {r.hasMyOffer ? (
                        <span className="shrink-0 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-500/15 dark:text-emerald-300">
                          Quoted
                        </span>
                      ) : null}
                    </div>
                    <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{r.description}</p>
                    <dl className="grid grid-cols-1 gap-1.5 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-300">
                      <div className="flex items-center gap-2">
                        <Tag aria-hidden="true" className="size-4 text-orange-700 dark:text-orange-400" />
                        <dt className="sr-only">Category</dt>
                        <dd>{r.category}</dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <Wallet aria-hidden="true" className="size-4 text-orange-700 dark:text-orange-400" />
                        <dt className="sr-only">Budget</dt>
                        <dd>{r.budget}</dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <CalendarClock
                          aria-hidden="true"
                          className="size-4 text-orange-700 dark:text-orange-400"
                        />
                        <dt className="sr-only">Timeline</dt>
                        <dd>{TIMELINE_LABELS[r.timeline]}</dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <MapPin aria-hidden="true" className="size-4 text-orange-700 dark:text-orange-400" />
                        <dt className="sr-only">Location</dt>
                        <dd className="truncate">{r.location}</dd>
                      </div>
                    </dl>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {r.postedBy} · {relativeTime(r.postedTime, new Date())} · {r.offersCount}{' '}
                      {r.offersCount === 1 ? 'offer' : 'offers'}
                    </p>
                    <div className="mt-auto">
                      <button
                        type="button"
                        className={buttonClass('primary', true)}
                        onClick={() => setQuoting(r)}
                      >
                        Send a quote
                      </button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
            {totalPages > 1 ? (
              <nav aria-label="Pages" className="mt-5 flex items-center justify-center gap-3">
                <button
                  type="button"
                  className={buttonClass('secondary', true)}
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  Previous
                </button>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  Page {page} of {totalPages}
                </span>
                <button
                  type="button"
                  className={buttonClass('secondary', true)}
                  disabled={page >= totalPages || list.length < OPEN_REQUESTS_PAGE_SIZE}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Next
                </button>
              </nav>
            ) : null}
          </>
        )}
      </QueryList>
      {quoting ? (
        <QuoteForm
          request={quoting}
          onClose={() => setQuoting(null)}
          onSent={(message) => {
            setQuoting(null);
            onNotice(message);
          }}
        />
      ) : null}
    </>
  );
}

type TQuoteForm = {
  storeId: string;
  quotedPrice: string;
  message: string;
  availability: string;
  estimatedDuration: string;
  includesSupplies: boolean;
  warranty: string;
};

type TQuoteFormProps = {
  request: TServiceRequest;
  onClose: () => void;
  onSent: (message: string) => void;
};

function QuoteForm(props: TQuoteFormProps) {
  const stores = useMyStores();
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title="Send a quote"
      description={`${props.request.title} · ${props.request.budget}`}
    >
      <QueryList
        query={stores}
        loadingLabel="Loading your stores…"
        isEmpty={(data) => data.stores.length === 0}
        empty={<CreateStoreFirst>A quote is sent from one of your stores.</CreateStoreFirst>}
      >
        {(data) => <QuoteFields {...props} stores={data.stores} />}
      </QueryList>
    </Modal>
  );
}

function QuoteFields({
  request,
  onClose,
  onSent,
  stores,
}: TQuoteFormProps & { stores: Array<{ id: string; name: string }> }) {
  const sendQuote = useSendQuote(request.id);
  const { form, set, field, problem, save, submit } = useResourceForm<TQuoteForm, { message: string }>(
    {
      storeId: stores[0]?.id ?? '',
      quotedPrice: '',
      message: '',
      availability: '',
      estimatedDuration: '',
      includesSupplies: false,
      warranty: '',
    },
    {
      send: (body) => sendQuote.mutateAsync(body as TQuoteBody),
      onSaved: (answer) => onSent(answer.message),
    },
  );
  const onSubmit = submit(() => {
    const body: TQuoteBody = {
      storeId: form.storeId,
      quotedPrice: form.quotedPrice.trim() === '' ? 0 : Number(form.quotedPrice),
      message: form.message,
      availability: form.availability,
      estimatedDuration: form.estimatedDuration.trim() || undefined,
      includesSupplies: form.includesSupplies,
      warranty: form.warranty.trim() || undefined,
    };
    return { body, checked: validateWith(ZCreateQuote, body) };
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      {problem ? (
        <div className="sm:col-span-2">
          <ErrorState message={problem} />
        </div>
      ) : null}
      <SelectField
        label="Store"
        {...field('storeId')}
        options={stores.map((s) => ({ value: s.id, label: s.name }))}
      />
      <InputField label="Your price (KES)" {...field('quotedPrice')} inputMode="decimal" required />
      <TextareaField
        label="Message to the customer"
        className="sm:col-span-2"
        {...field('message')}
        hint="10 to 1000 characters: what you will do and why you."
      />
      <InputField
        label="Availability"
        {...field('availability')}
        placeholder="e.g. Tomorrow from 9 AM"
        required
      />
      <InputField
        label="Estimated duration (optional)"
        {...field('estimatedDuration')}
        placeholder="e.g. 2 hours"
      />
      <InputField label="Warranty (optional)" {...field('warranty')} placeholder="e.g. 3 months on parts" />
      <div className="flex items-end pb-2">
        <CheckboxField
          label="Supplies included"
          checked={form.includesSupplies}
          onChange={set('includesSupplies')}
        />
      </div>
      <div className="sm:col-span-2">
        <FormActions pending={save.isPending} submitLabel="Send quote" onCancel={onClose} />
      </div>
    </form>
  );
}

function MyQuotes({ onNotice }: { onNotice: (text: string) => void }) {
  const [status, setStatus] = useState<(typeof QUOTE_STATUSES)[number] | ''>('');
  const quotes = useMyQuotes(status);
  const withdraw = useWithdrawQuote();
  const [confirming, setConfirming] = useState<TQuote | null>(null);

  return (
    <>
      <SelectField
        label="Status"
        className="mb-5 max-w-sm"
        value={status}
        onChange={(value) => setStatus(value as typeof status)}
        options={[
          { value: '', label: 'All quotes' },
          ...QUOTE_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
        ]}
      />
      <QueryList
        query={quotes}
        loadingLabel="Loading your quotes…"
        empty={
          <EmptyList title="No quotes yet">
            Quotes you send to customers' requests appear here with their status.
          </EmptyList>
        }
      >
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((q) => (
              <li key={q.id}>
                <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <div className="flex flex-wrap items-center gap-2">
                      <h2 className="font-semibold text-slate-900 dark:text-white">{q.requestTitle}</h2>
                      <StatusBadge status={q.status} />
                    </div>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                      {q.storeName} · {formatPrice(q.quotedPrice)} · {q.availability} · sent{' '}
                      {formatDate(q.createdAt)}
                    </p>
                    <p className="mt-1 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
                      {q.message}
                    </p>
                  </div>
                  {q.status === 'pending' ? (
                    <button
                      type="button"
                      className={clsx(buttonClass('secondary', true), 'shrink-0 self-start sm:self-center')}
                      onClick={() => {
                        withdraw.reset();
                        setConfirming(q);
                      }}
                    >
                      Withdraw
                    </button>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title="Withdraw this quote?"
        description={
          confirming ? `The customer will no longer see your quote for "${confirming.requestTitle}".` : ''
        }
        confirmLabel="Withdraw quote"
        pending={withdraw.isPending}
        error={withdraw.error ? withdraw.error.message : null}
        onConfirm={() => {
          if (!confirming) return;
          withdraw.mutate(confirming.id, {
            onSuccess: (answer) => {
              setConfirming(null);
              onNotice(answer.message);
            },
          });
        }}
      />
    </>
  );
}
