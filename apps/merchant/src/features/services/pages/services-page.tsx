import type { EndpointInput } from '@d3/shared/api/contract';
import { servicesRoutes } from '@d3/shared/api/routes';
import { ZCreateServiceRequest, ZUpdateServiceRequest } from '@d3/shared/catalogue/catalogue-requests';
import type { TService } from '@d3/shared/catalogue/catalogue-schemas';
import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import type { servicesContract } from '@d3/shared/catalogue/services-contract';
import { useT } from '@d3/ui';
import { Clock } from 'lucide-react';
import { CategoryField } from '../../../components/category-field';
import {
  CrudCard,
  CrudList,
  EmptyList,
  NewButton,
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
  TextareaField,
} from '../../../components/ui';
import { servicesKey, useServices } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { numberOrUndefined, textOrNull, validateWith } from '../../../lib/form-validation';

type TServiceBody = EndpointInput<typeof servicesContract.create>['body'];

export function ServicesPage() {
  const t = useT();
  return (
    <StorePage title={t('services.title')} description={t('services.description')} board={ServicesList} />
  );
}

function servicePriceText(
  service: Pick<TService, 'type' | 'price' | 'price_range'>,
  t: ReturnType<typeof useT>,
): string {
  if (service.type === 'dynamic')
    return service.price_range
      ? t('services.rangeVaries', { range: service.price_range })
      : t('services.priceVaries');
  return service.price === null ? '—' : formatKesShort(service.price);
}

function ServicesList({ storeId }: { storeId: string }) {
  const t = useT();
  const services = useServices(storeId);
  const crud = useCrud<TService>({
    deleteRow: (id) => call(servicesRoutes.remove, { params: { id } }),
    queryKey: servicesKey(storeId),
  });
  return (
    <>
      <div className="mb-4 flex justify-end">
        <NewButton crud={crud} label={t('services.new')} />
      </div>
      <CrudList
        crud={crud}
        query={services}
        loadingLabel={t('services.loading')}
        empty={<EmptyList title={t('services.emptyTitle')}>{t('services.emptyBody')}</EmptyList>}
        dialogs={{
          newTitle: t('services.new'),
          editTitle: t('services.edit'),
          form: (service, onDone) => <ServiceForm storeId={storeId} service={service} onDone={onDone} />,
          confirm: {
            title: t('services.deleteQuestion'),
            description: (service) => t('services.deleteDescription', { name: service?.name ?? '' }),
            confirmLabel: t('services.delete'),
          },
        }}
      >
        {(list) => (
          <ul className="grid gap-3 sm:grid-cols-2">
            {list.map((service) => (
              <CrudCard key={service.id} name={service.name} item={service} crud={crud}>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900 dark:text-white">{service.name}</p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">{service.category}</p>
                  </div>
                  <p className="shrink-0 font-semibold text-orange-700 dark:text-orange-400">
                    {servicePriceText(service, t)}
                  </p>
                </div>
                <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                  <span className="inline-flex items-center gap-1">
                    <Clock aria-hidden="true" className="size-3.5" />{' '}
                    {t('services.minutes', { minutes: service.duration })}
                  </span>
                  <span>{service.booking_enabled ? t('services.bookable') : t('services.bookingOff')}</span>
                  <span>
                    {service.auto_confirm_bookings ? t('services.autoConfirm') : t('services.youConfirm')}
                  </span>
                  <span>{t('services.cancelHours', { hours: service.min_cancellation_hours })}</span>
                  <span>
                    {service.allow_early_checkin
                      ? t('services.earlyCheckIn', { minutes: service.early_checkin_minutes })
                      : t('services.noEarlyCheckIn')}
                  </span>
                </p>
              </CrudCard>
            ))}
          </ul>
        )}
      </CrudList>
    </>
  );
}

function ServiceForm({
  storeId,
  service,
  onDone,
}: {
  storeId: string;
  service?: TService;
  onDone: () => void;
}) {
  const t = useT();
  const { form, set, field, problem, save, submit } = useResourceForm(
    {
      name: service?.name ?? '',
      description: service?.description ?? '',
      type: (service?.type ?? 'fixed') as string,
      price: service?.price?.toString() ?? '',
      price_range: service?.price_range ?? '',
      duration: service?.duration?.toString() ?? '60',
      category: service?.category ?? '',
      booking_enabled: service?.booking_enabled ?? true,
      auto_confirm_bookings: service?.auto_confirm_bookings ?? true,
      min_cancellation_hours: service?.min_cancellation_hours?.toString() ?? '2',
      allow_early_checkin: service?.allow_early_checkin ?? true,
      early_checkin_minutes: service?.early_checkin_minutes?.toString() ?? '15',
      max_concurrent_bookings: service?.maxConcurrentBookings?.toString() ?? '',
    },
    useRowSave({
      update:
        service &&
        ((body: TServiceBody) => call(servicesRoutes.update, { params: { id: service.id }, body })),
      create: (body: TServiceBody) => call(servicesRoutes.create, { body }),
      queryKey: servicesKey(storeId),
      onDone,
    }),
  );
  const onSubmit = submit(() => {
    const body = {
      name: form.name,
      description: form.description,
      type: form.type,
      price: numberOrUndefined(form.price) ?? null,
      price_range: textOrNull(form.price_range),
      duration: numberOrUndefined(form.duration),
      category: form.category,
      booking_enabled: form.booking_enabled,
      auto_confirm_bookings: form.auto_confirm_bookings,
      min_cancellation_hours: numberOrUndefined(form.min_cancellation_hours),
      allow_early_checkin: form.allow_early_checkin,
      early_checkin_minutes: numberOrUndefined(form.early_checkin_minutes),
      max_concurrent_bookings: numberOrUndefined(form.max_concurrent_bookings) ?? null,
    };
    return service
      ? { body, checked: validateWith(ZUpdateServiceRequest, body) }
      : { body: { ...body, storeId }, checked: validateWith(ZCreateServiceRequest, { ...body, storeId }) };
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem ? <ErrorState message={problem} /> : null}
      <InputField label={t('services.field.name')} {...field('name')} />
      <TextareaField label={t('form.description')} {...field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryField {...field('category')} />
        <SelectField
          label={t('services.field.priceType')}
          {...field('type')}
          options={[
            { value: 'fixed', label: t('services.field.fixed') },
            { value: 'dynamic', label: t('services.field.dynamic') },
          ]}
        />
        <InputField
          label={form.type === 'fixed' ? t('services.field.price') : t('services.field.fromPrice')}
          inputMode="decimal"
          {...field('price')}
        />
        {form.type === 'dynamic' ? (
          <InputField
            label={t('services.field.priceRange')}
            {...field('price_range')}
            placeholder="KSh 1,500 – 4,000"
          />
        ) : null}
        <InputField label={t('services.field.duration')} inputMode="numeric" {...field('duration')} />
        <InputField
          label={t('services.field.capacity')}
          inputMode="numeric"
          {...field('max_concurrent_bookings')}
          hint={t('services.field.capacityHint')}
        />
        <InputField
          label={t('services.field.cancellation')}
          inputMode="numeric"
          {...field('min_cancellation_hours')}
        />
        <InputField
          label={t('services.field.earlyMinutes')}
          inputMode="numeric"
          {...field('early_checkin_minutes')}
          hint={t('services.field.earlyMinutesHint')}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <CheckboxField
          label={t('services.field.bookingEnabled')}
          checked={form.booking_enabled}
          onChange={set('booking_enabled')}
          hint={t('services.field.bookingEnabledHint')}
        />
        <CheckboxField
          label={t('services.field.autoConfirm')}
          checked={form.auto_confirm_bookings}
          onChange={set('auto_confirm_bookings')}
          hint={t('services.field.autoConfirmHint')}
        />
        <CheckboxField
          label={t('services.field.allowEarly')}
          checked={form.allow_early_checkin}
          onChange={set('allow_early_checkin')}
        />
      </div>
      <FormActions
        pending={save.isPending}
        submitLabel={service ? t('services.save') : t('services.create')}
        onCancel={onDone}
      />
    </form>
  );
}
