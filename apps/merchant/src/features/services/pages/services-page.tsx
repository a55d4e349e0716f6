import type { EndpointInput } from '@d3/shared/api/contract';
import { servicesRoutes } from '@d3/shared/api/routes';
import { ZCreateServiceRequest, ZUpdateServiceRequest } from '@d3/shared/catalogue/catalogue-requests';
import type { TService } from '@d3/shared/catalogue/catalogue-schemas';
import { formatKesShort } from '@d3/shared/catalogue/pricing-rules';
import type { servicesContract } from '@d3/shared/catalogue/services-contract';
import { Clock } from 'lucide-react';
import { CategoryField } from '../../../components/category-field';
import {
  CrudCard,
  CrudDialogs,
  EmptyList,
  NewButton,
  QueryList,
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
  return (
    <StorePage
      title="Services"
      description="What customers can book, with price, duration and booking rules."
    >
      {(storeId) => <ServicesList key={storeId} storeId={storeId} />}
    </StorePage>
  );
}

export function servicePriceText(service: Pick<TService, 'type' | 'price' | 'price_range'>): string {
  if (service.type === 'dynamic')
    return service.price_range ? `${service.price_range} (varies)` : 'Price varies';
  return service.price === null ? '—' : formatKesShort(service.price);
}

function ServicesList({ storeId }: { storeId: string }) {
  const services = useServices(storeId);
  const crud = useCrud<TService>({
    deleteRow: (id) => call(servicesRoutes.remove, { params: { id } }),
    queryKey: servicesKey(storeId),
  });
  return (
    <>
      <div className="mb-4 flex justify-end">
        <NewButton crud={crud} label="New service" />
      </div>
      <QueryList
        query={services}
        loadingLabel="Loading services…"
        empty={
          <EmptyList title="No services yet">
            Add a service (a haircut, a car wash, a consultation) so customers can book it.
          </EmptyList>
        }
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
                    {servicePriceText(service)}
                  </p>
                </div>
                <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
                  <span className="inline-flex items-center gap-1">
                    <Clock aria-hidden="true" className="size-3.5" /> {service.duration} min
                  </span>
                  <span>{service.booking_enabled ? 'Bookable' : 'Booking off'}</span>
                  <span>{service.auto_confirm_bookings ? 'Auto-confirm' : 'You confirm'}</span>
                  <span>Cancel ≥ {service.min_cancellation_hours} h</span>
                  <span>
                    {service.allow_early_checkin
                      ? `Check-in ${service.early_checkin_minutes} min early`
                      : 'No early check-in'}
                  </span>
                </p>
              </CrudCard>
            ))}
          </ul>
        )}
      </QueryList>
      <CrudDialogs
        crud={crud}
        newTitle="New service"
        editTitle="Edit service"
        form={(service, onDone) => <ServiceForm storeId={storeId} service={service} onDone={onDone} />}
        confirm={{
          title: 'Delete this service?',
          description: (service) => `${service?.name ?? ''} can no longer be booked. Past bookings are kept.`,
          confirmLabel: 'Delete service',
        }}
      />
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
      <InputField label="Service name" {...field('name')} />
      <TextareaField label="Description" {...field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryField {...field('category')} />
        <SelectField
          label="Price type"
          {...field('type')}
          options={[
            { value: 'fixed', label: 'Fixed price' },
            { value: 'dynamic', label: 'Dynamic (quoted on the day)' },
          ]}
        />
        <InputField
          label={form.type === 'fixed' ? 'Price (KES)' : 'From price (KES, optional)'}
          inputMode="decimal"
          {...field('price')}
        />
        {form.type === 'dynamic' ? (
          <InputField label="Price range" {...field('price_range')} placeholder="KSh 1,500 – 4,000" />
        ) : null}
        <InputField label="Duration (minutes)" inputMode="numeric" {...field('duration')} />
        <InputField
          label="Capacity per slot"
          inputMode="numeric"
          {...field('max_concurrent_bookings')}
          hint="Empty: one per assigned staff member"
        />
        <InputField
          label="Free cancellation until (hours before)"
          inputMode="numeric"
          {...field('min_cancellation_hours')}
        />
        <InputField
          label="Early check-in (minutes)"
          inputMode="numeric"
          {...field('early_checkin_minutes')}
          hint="How long before the start you may check a customer in"
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <CheckboxField
          label="Booking enabled"
          checked={form.booking_enabled}
          onChange={set('booking_enabled')}
          hint="Customers can book it online"
        />
        <CheckboxField
          label="Auto-confirm bookings"
          checked={form.auto_confirm_bookings}
          onChange={set('auto_confirm_bookings')}
          hint="Off: you confirm each booking"
        />
        <CheckboxField
          label="Allow early check-in"
          checked={form.allow_early_checkin}
          onChange={set('allow_early_checkin')}
        />
      </div>
      <FormActions
        pending={save.isPending}
        submitLabel={service ? 'Save service' : 'Create service'}
        onCancel={onDone}
      />
    </form>
  );
}
