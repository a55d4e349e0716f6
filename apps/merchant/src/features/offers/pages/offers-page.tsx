import type { EndpointInput } from '@d3/shared/api/contract';
import { offersRoutes } from '@d3/shared/api/routes';
import { ZCreateOfferRequest, ZUpdateOfferRequest } from '@d3/shared/catalogue/catalogue-requests';
import type { TOffer } from '@d3/shared/catalogue/catalogue-schemas';
import type { offersContract } from '@d3/shared/catalogue/offers-contract';
import {
  accessFeeForOffer,
  discountedPrice,
  formatAccessFee,
  formatKesShort,
} from '@d3/shared/catalogue/pricing-rules';
import { MERCHANT_OFFER_STATES, type TMerchantOfferState } from '@d3/shared/merchant/offer-schemas';
import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CalendarClock, Star } from 'lucide-react';
import { useState } from 'react';
import { CategoryField } from '../../../components/category-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import {
  CrudList,
  EmptyList,
  NewButton,
  RowActions,
  useCrud,
  useResourceForm,
  useRowSave,
} from '../../../components/resource-crud';
import { StorePage } from '../../../components/store-picker';
import {
  CheckboxField,
  ErrorState,
  FormActions,
  InputField,
  SelectField,
  StatusBadge,
  TextareaField,
} from '../../../components/ui';
import { offersKey, useOffers, useServices } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { numberOrUndefined, type TFieldErrors, textOrNull, validateWith } from '../../../lib/form-validation';

type TOfferBody = EndpointInput<typeof offersContract.create>['body'];

export function OffersPage() {
  const t = useT();
  return <StorePage title={t('offers.title')} description={t('offers.description')} board={OffersList} />;
}

export type TOfferPreview = {
  title: string;
  storeName: string;
  discount: number | undefined;
  originalPrice: number | undefined;
  imageUrl: string | null;
  expiration: string;
  featured: boolean;
};

/** The customer's offer card as the customer site draws it, with the access fee the booking costs. */
export function OfferCardPreview({ offer }: { offer: TOfferPreview }) {
  const t = useT();
  const hasPrice =
    offer.originalPrice !== undefined && Number.isFinite(offer.originalPrice) && offer.originalPrice > 0;
  const price = hasPrice ? discountedPrice(offer.originalPrice!, offer.discount ?? 0) : Number.NaN;
  const fee = accessFeeForOffer({
    originalPrice: offer.originalPrice ?? null,
    discount: offer.discount ?? null,
  });
  return (
    <article
      aria-label={t('offers.preview')}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="relative aspect-[16/9] bg-gradient-to-br from-orange-100 to-rose-100 dark:from-slate-800 dark:to-slate-700">
        {offer.imageUrl ? <img src={offer.imageUrl} alt="" className="size-full object-cover" /> : null}
        {offer.discount ? (
          <span className="absolute top-2 left-2 rounded-full bg-orange-700 px-2.5 py-1 text-xs font-bold text-white">
            {t('offers.percentOff', { discount: offer.discount })}
          </span>
        ) : null}
        {offer.featured ? (
          <span className="absolute top-2 right-2 inline-flex items-center gap-1 rounded-full bg-white/90 px-2 py-1 text-xs font-semibold text-slate-800">
            <Star aria-hidden="true" className="size-3 fill-amber-400 text-amber-400" />{' '}
            {t('offers.featured')}
          </span>
        ) : null}
      </div>
      <div className="p-4">
        <p className="text-xs font-medium text-slate-500 dark:text-slate-400">{offer.storeName}</p>
        <p className="mt-0.5 line-clamp-2 font-semibold text-slate-900 dark:text-white">
          {offer.title || t('offers.titlePlaceholder')}
        </p>
        <p className="mt-2 flex items-baseline gap-2">
          <span className="text-lg font-bold text-orange-700 dark:text-orange-400">
            {hasPrice ? formatKesShort(price) : '—'}
          </span>
          {hasPrice ? (
            <span className="text-sm text-slate-500 line-through">
              {formatKesShort(offer.originalPrice!)}
            </span>
          ) : null}
        </p>
        {offer.expiration ? (
          <p className="mt-1 flex items-center gap-1 text-xs text-slate-500 dark:text-slate-400">
            <CalendarClock aria-hidden="true" className="size-3.5" />{' '}
            {t('offers.ends', { date: offer.expiration })}
          </p>
        ) : null}
        <p
          className="mt-3 rounded-lg bg-orange-50 px-3 py-2 text-sm text-orange-900 dark:bg-orange-500/10 dark:text-orange-200"
          data-testid="access-fee"
        >
          {t('offers.accessFee')} <strong>{formatAccessFee(fee)}</strong>
          <span className="block text-xs">
            {t('offers.restAtStore', { price: hasPrice ? formatKesShort(price) : t('offers.thePrice') })}
          </span>
        </p>
      </div>
    </article>
  );
}

const STATE_FILTERS: Array<TMerchantOfferState | 'all'> = ['all', ...MERCHANT_OFFER_STATES];

function OffersList({ storeId, storeName }: { storeId: string; storeName: string }) {
  const t = useT();
  const [state, setState] = useState<TMerchantOfferState | 'all'>('all');
  const offers = useOffers(storeId, state);
  const crud = useCrud<TOffer>({
    deleteRow: (id) => call(offersRoutes.remove, { params: { id } }),
    queryKey: offersKey(storeId),
  });
  const counts = offers.data?.counts;
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const list = offers.data?.offers ?? [];
  return (
    <>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <fieldset className="flex min-w-0 flex-wrap gap-2">
          <legend className="sr-only">{t('offers.filter')}</legend>
          {STATE_FILTERS.map((value) => {
            const count = value === 'all' ? total : counts?.[value];
            return (
              <button
                key={value}
                type="button"
                aria-pressed={state === value}
                onClick={() => setState(value)}
                className={clsx(
                  'inline-flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors',
                  state === value
                    ? 'border-orange-700 bg-orange-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
                )}
              >
                {t(`offers.state.${value}`)}
                {count !== undefined ? <span className="tabular-nums opacity-80">{count}</span> : null}
              </button>
            );
          })}
        </fieldset>
        <NewButton crud={crud} label={t('offers.new')} />
      </div>
      <CrudList
        crud={crud}
        query={offers}
        loadingLabel={t('offers.loading')}
        isEmpty={() => list.length === 0}
        empty={
          state === 'all' ? (
            <EmptyList title={t('offers.emptyTitle')}>{t('offers.emptyBody')}</EmptyList>
          ) : (
            <EmptyList title={t(`offers.empty.${state}`)}>{t('offers.emptyFilteredBody')}</EmptyList>
          )
        }
        dialogs={{
          newTitle: t('offers.new'),
          editTitle: t('offers.edit'),
          form: (offer, onDone) => (
            <OfferForm storeId={storeId} storeName={storeName} offer={offer} onDone={onDone} />
          ),
          confirm: {
            title: t('offers.deleteQuestion'),
            description: (offer) => t('offers.deleteDescription', { title: offer?.title ?? '' }),
            confirmLabel: t('offers.delete'),
          },
        }}
      >
        {() => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('offers.yours')}>
            {list.map((offer) => (
              <li key={offer.id} className="flex flex-col gap-2">
                <div className="flex items-center justify-between gap-2">
                  <StatusBadge status={offer.state} />
                  {offer.state === 'expired' ? (
                    <span className="text-xs text-slate-600 dark:text-slate-400">
                      {t('offers.ended', { date: offer.expirationDate.slice(0, 10) })}
                    </span>
                  ) : offer.state !== 'active' ? (
                    <span className="text-xs text-slate-600 dark:text-slate-400">{t('offers.hidden')}</span>
                  ) : null}
                </div>
                <OfferCardPreview
                  offer={{
                    title: offer.title,
                    storeName,
                    discount: offer.discount,
                    originalPrice: offer.originalPrice ?? undefined,
                    imageUrl: offer.imageUrl,
                    expiration: offer.expirationDate.slice(0, 10),
                    featured: offer.featured,
                  }}
                />
                <div className="flex gap-2">
                  <RowActions name={offer.title} item={offer} crud={crud} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CrudList>
    </>
  );
}

/** 'YYYY-MM-DD' from the date input -> end of that day in Nairobi, as the API's ISO date-time. */
function expiryIso(date: string): string {
  return date ? `${date}T23:59:00+03:00` : '';
}

export function OfferForm({
  storeId,
  storeName,
  offer,
  onDone,
}: {
  storeId: string;
  storeName: string;
  offer?: TOffer;
  onDone: () => void;
}) {
  const t = useT();
  const services = useServices(storeId);
  const queryClient = useQueryClient();
  const { form, setForm, set, field, errors, problem, save, submit } = useResourceForm(
    {
      title: offer?.title ?? '',
      description: offer?.description ?? '',
      discount: offer?.discount?.toString() ?? '',
      original_price: offer?.originalPrice?.toString() ?? '',
      expiration: offer?.expirationDate?.slice(0, 10) ?? '',
      category: offer?.category ?? '',
      serviceId: offer?.serviceId ?? '',
      featured: offer?.featured ?? false,
      requires_consultation: offer?.requiresConsultation ?? false,
      image_url: offer?.imageUrl ?? '',
    },
    useRowSave({
      update: offer && ((body: TOfferBody) => call(offersRoutes.update, { params: { id: offer.id }, body })),
      create: (body: TOfferBody) => call(offersRoutes.create, { body }),
      queryKey: offersKey(storeId),
      onDone,
    }),
  );
  const onSubmit = submit(() => {
    const body = {
      title: form.title,
      description: form.description,
      discount: numberOrUndefined(form.discount),
      original_price: numberOrUndefined(form.original_price) ?? null,
      expiration_date: expiryIso(form.expiration),
      category: form.category,
      serviceId: form.serviceId || null,
      featured: form.featured,
      requires_consultation: form.requires_consultation,
      // An edited offer's picture changes through the upload, not this body.
      ...(offer ? {} : { image_url: textOrNull(form.image_url) }),
    };
    const fieldErrors = (errors: TFieldErrors) =>
      errors.expiration_date ? { ...errors, expiration_date: t('offers.chooseLastDay') } : errors;
    return offer
      ? { body, checked: validateWith(ZUpdateOfferRequest, body), fieldErrors }
      : {
          body: { ...body, storeId },
          checked: validateWith(ZCreateOfferRequest, { ...body, storeId }),
          fieldErrors,
        };
  });
  return (
    <div className="grid gap-6 md:grid-cols-[1fr_16rem]">
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {problem ? <ErrorState message={problem} /> : null}
        <InputField label={t('offers.field.title')} {...field('title')} />
        <TextareaField label={t('form.description')} {...field('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label={t('offers.field.originalPrice')}
            inputMode="decimal"
            {...field('original_price')}
          />
          <InputField label={t('offers.field.discount')} inputMode="decimal" {...field('discount')} />
          <InputField
            label={t('offers.field.lastDay')}
            type="date"
            value={form.expiration}
            onChange={set('expiration')}
            error={errors.expiration_date}
          />
          <CategoryField {...field('category')} />
          <SelectField
            label={t('offers.field.service')}
            {...field('serviceId')}
            hint={t('offers.field.serviceHint')}
            options={[
              { value: '', label: t('offers.field.none') },
              ...(services.data ?? []).map((s) => ({ value: s.id, label: s.name })),
            ]}
          />
          {offer ? null : (
            <InputField
              label={t('offers.field.imageUrl')}
              type="url"
              inputMode="url"
              {...field('image_url')}
              hint={t('offers.field.imageUrlHint')}
            />
          )}
        </div>
        {offer ? (
          <ImageUploadField
            label={t('offers.field.image')}
            shape="wide"
            upload={{ route: offersRoutes.uploadImage, id: offer.id }}
            currentUrl={offer.imageUrl}
            onUploaded={async (url) => {
              setForm((f) => ({ ...f, image_url: url }));
              await queryClient.invalidateQueries({ queryKey: offersKey(storeId) });
            }}
            hint={t('offers.field.imageHint')}
          />
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <CheckboxField label={t('offers.featured')} checked={form.featured} onChange={set('featured')} />
          <CheckboxField
            label={t('offers.field.consultation')}
            checked={form.requires_consultation}
            onChange={set('requires_consultation')}
          />
        </div>
        <FormActions
          pending={save.isPending}
          submitLabel={offer ? t('offers.save') : t('offers.publish')}
          onCancel={onDone}
        />
      </form>
      <div className="order-first md:sticky md:top-0 md:order-none">
        <p className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('offers.whatCustomersSee')}
        </p>
        <OfferCardPreview
          offer={{
            title: form.title,
            storeName,
            discount: numberOrUndefined(form.discount),
            originalPrice: numberOrUndefined(form.original_price),
            imageUrl: textOrNull(form.image_url),
            expiration: form.expiration,
            featured: form.featured,
          }}
        />
      </div>
    </div>
  );
}
