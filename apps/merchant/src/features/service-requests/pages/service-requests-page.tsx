import { QUOTE_STATUSES } from '@d3/shared/service-requests/service-request-rules';
import {
  type TQuote,
  type TServiceRequest,
  ZCreateQuote,
} from '@d3/shared/service-requests/service-request-schemas';
import { formatDate, formatPrice, useLocale, useT, useTimeAgo } from '@d3/ui';
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
import { useApiErrorText } from '../../../lib/error-text';
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
  { id: 'open', label: 'requests.tab.open' },
  { id: 'quotes', label: 'requests.tab.quotes' },
] as const;

/**
 * Service requests for merchants (issue 13): browse customers' open requests, quote for one of the
 * merchant's stores, follow each quote's status and withdraw a pending one.
 */
export function ServiceRequestsPage() {
  const t = useT();
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
      <PageHeader title={t('requests.title')} description={t('requests.description')} />
      <div role="tablist" aria-label={t('requests.title')} className="mb-5 flex gap-2">
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            onClick={() => setTab(item.id)}
            className={clsx(
              'h-10 rounded-xl px-4 text-sm font-semibold',
              tab === item.id
                ? 'bg-orange-700 text-white'
                : 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
            )}
          >
            {t(item.label)}
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
  const t = useT();
  const timeAgo = useTimeAgo();
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
        label={t('form.category')}
        className="mb-5 max-w-sm"
        value={category}
        onChange={(value) => {
          setCategory(value);
          setPage(1);
        }}
        options={[
          { value: '', label: t('requests.allCategories') },
          ...(categories.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.count})` })),
        ]}
      />
      <QueryList
        query={requests}
        loadingLabel={t('requests.loading')}
        isEmpty={() => list.length === 0}
        empty={
          <EmptyList title={t('requests.emptyTitle')}>
            {category ? t('requests.emptyCategory', { category }) : t('requests.emptyBody')}
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
                          {t('requests.quoted')}
                        </span>
                      ) : null}
                    </div>
                    <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{r.description}</p>
                    <dl className="grid grid-cols-1 gap-1.5 text-sm text-slate-700 sm:grid-cols-2 dark:text-slate-300">
                      <div className="flex items-center gap-2">
                        <Tag aria-hidden="true" className="size-4 text-orange-700 dark:text-orange-400" />
                        <dt className="sr-only">{t('form.category')}</dt>
                        <dd>{r.category}</dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <Wallet aria-hidden="true" className="size-4 text-orange-700 dark:text-orange-400" />
                        <dt className="sr-only">{t('requests.budget')}</dt>
                        <dd>{r.budget}</dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <CalendarClock
                          aria-hidden="true"
                          className="size-4 text-orange-700 dark:text-orange-400"
                        />
                        <dt className="sr-only">{t('requests.timeline')}</dt>
                        <dd>{t(`requests.timeline.${r.timeline}`)}</dd>
                      </div>
                      <div className="flex items-center gap-2">
                        <MapPin aria-hidden="true" className="size-4 text-orange-700 dark:text-orange-400" />
                        <dt className="sr-only">{t('form.location')}</dt>
                        <dd className="truncate">{r.location}</dd>
                      </div>
                    </dl>
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      {r.postedBy} · {timeAgo(r.postedTime)} ·{' '}
                      {t('requests.offerCount', { count: r.offersCount })}
                    </p>
                    <div className="mt-auto">
                      <button
                        type="button"
                        className={buttonClass('primary', true)}
                        onClick={() => setQuoting(r)}
                      >
                        {t('requests.sendAQuote')}
                      </button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
            {totalPages > 1 ? (
              <nav aria-label={t('requests.pages')} className="mt-5 flex items-center justify-center gap-3">
                <button
                  type="button"
                  className={buttonClass('secondary', true)}
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  {t('bookings.previous')}
                </button>
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {t('requests.page', { page, total: totalPages })}
                </span>
                <button
                  type="button"
                  className={buttonClass('secondary', true)}
                  disabled={page >= totalPages || list.length < OPEN_REQUESTS_PAGE_SIZE}
                  onClick={() => setPage((p) => p + 1)}
                >
                  {t('bookings.next')}
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
  const t = useT();
  const stores = useMyStores();
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : props.onClose())}
      title={t('requests.sendAQuote')}
      description={`${props.request.title} · ${props.request.budget}`}
    >
      <QueryList
        query={stores}
        loadingLabel={t('store.loading')}
        isEmpty={(data) => data.stores.length === 0}
        empty={<CreateStoreFirst>{t('requests.quoteFromStore')}</CreateStoreFirst>}
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
  const t = useT();
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
      onSaved: () => onSent(t('requests.quoteSent')),
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
      {problem ? <ErrorState className="sm:col-span-2" message={problem} /> : null}
      <SelectField
        label={t('store.label')}
        {...field('storeId')}
        options={stores.map((s) => ({ value: s.id, label: s.name }))}
      />
      <InputField label={t('requests.field.price')} {...field('quotedPrice')} inputMode="decimal" required />
      <TextareaField
        label={t('requests.field.message')}
        className="sm:col-span-2"
        {...field('message')}
        hint={t('requests.field.messageHint')}
      />
      <InputField
        label={t('requests.field.availability')}
        {...field('availability')}
        placeholder={t('requests.field.availabilityPlaceholder')}
        required
      />
      <InputField
        label={t('requests.field.duration')}
        {...field('estimatedDuration')}
        placeholder={t('requests.field.durationPlaceholder')}
      />
      <InputField
        label={t('requests.field.warranty')}
        {...field('warranty')}
        placeholder={t('requests.field.warrantyPlaceholder')}
      />
      <div className="flex items-end pb-2">
        <CheckboxField
          label={t('requests.field.supplies')}
          checked={form.includesSupplies}
          onChange={set('includesSupplies')}
        />
      </div>
      <div className="sm:col-span-2">
        <FormActions pending={save.isPending} submitLabel={t('requests.sendQuote')} onCancel={onClose} />
      </div>
    </form>
  );
}

function MyQuotes({ onNotice }: { onNotice: (text: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const errorText = useApiErrorText();
  const [status, setStatus] = useState<(typeof QUOTE_STATUSES)[number] | ''>('');
  const quotes = useMyQuotes(status);
  const withdraw = useWithdrawQuote();
  const [confirming, setConfirming] = useState<TQuote | null>(null);

  return (
    <>
      <SelectField
        label={t('staff.status')}
        className="mb-5 max-w-sm"
        value={status}
        onChange={(value) => setStatus(value as typeof status)}
        options={[
          { value: '', label: t('requests.allQuotes') },
          ...QUOTE_STATUSES.map((s) => ({ value: s, label: t(`requests.quoteStatus.${s}`) })),
        ]}
      />
      <QueryList
        query={quotes}
        loadingLabel={t('requests.loadingQuotes')}
        empty={<EmptyList title={t('requests.noQuotesTitle')}>{t('requests.noQuotesBody')}</EmptyList>}
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
                      {q.storeName} · {formatPrice(q.quotedPrice)} · {q.availability} ·{' '}
                      {t('requests.sentOn', { date: formatDate(q.createdAt, locale) })}
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
                      {t('requests.withdraw')}
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
        title={t('requests.withdrawQuestion')}
        description={confirming ? t('requests.withdrawDescription', { title: confirming.requestTitle }) : ''}
        confirmLabel={t('requests.withdrawQuote')}
        pending={withdraw.isPending}
        error={withdraw.error ? errorText(withdraw.error) : null}
        onConfirm={() => {
          if (!confirming) return;
          withdraw.mutate(confirming.id, {
            onSuccess: () => {
              setConfirming(null);
              onNotice(t('requests.quoteWithdrawn'));
            },
          });
        }}
      />
    </>
  );
}
