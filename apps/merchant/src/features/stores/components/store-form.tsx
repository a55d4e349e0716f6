import type { EndpointInput } from '@d3/shared/api/contract';
import { storesRoutes } from '@d3/shared/api/routes';
import { ZCreateStoreRequest } from '@d3/shared/catalogue/catalogue-requests';
import type { TStoreDetail } from '@d3/shared/catalogue/catalogue-schemas';
import type { storesContract } from '@d3/shared/catalogue/stores-contract';
import { useT } from '@d3/ui';
import { useQueryClient } from '@tanstack/react-query';
import { CategoryField } from '../../../components/category-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { MapPinFieldset } from '../../../components/location-picker';
import { useResourceForm } from '../../../components/resource-crud';
import {
  ErrorState,
  FormActions,
  InputField,
  Modal,
  SelectField,
  TextareaField,
  WorkingDaysField,
} from '../../../components/ui';
import { storeKey, useLocations } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { numberOrUndefined, textOrNull, validateWith } from '../../../lib/form-validation';

// The store's form (create and edit) and the dialog it opens in.

const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'twitter', 'tiktok', 'whatsapp'] as const;
/** Brand names, never translated. */
const SOCIAL_NAMES: Record<(typeof SOCIAL_PLATFORMS)[number], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  tiktok: 'Tiktok',
  whatsapp: 'Whatsapp',
};

type TStoreForm = {
  name: string;
  category: string;
  location: string;
  description: string;
  phone_number: string;
  primary_email: string;
  opening_time: string;
  closing_time: string;
  working_days: string[];
  website_url: string;
  latitude: string;
  longitude: string;
  socials: Record<string, string>;
};

function storeForm(store?: TStoreDetail): TStoreForm {
  const socials: Record<string, string> = {};
  for (const link of store?.socialLinks ?? []) socials[link.platform] = link.link;
  return {
    name: store?.name ?? '',
    category: store?.category ?? '',
    location: store?.locationId ?? '',
    description: store?.description ?? '',
    phone_number: store?.phone_number ?? '',
    primary_email: store?.primary_email ?? '',
    opening_time: store?.opening_time ?? '09:00',
    closing_time: store?.closing_time ?? '18:00',
    working_days: store?.working_days ?? ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    website_url: store?.website_url ?? '',
    latitude: store?.latitude?.toString() ?? '',
    longitude: store?.longitude?.toString() ?? '',
    socials,
  };
}

export function StoreFormModal({
  open,
  onOpenChange,
  store,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  store?: TStoreDetail;
  onSaved: (id: string) => void;
}) {
  const t = useT();
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={store ? t('stores.edit') : t('stores.new')}>
      {open ? <StoreForm store={store} onCancel={() => onOpenChange(false)} onSaved={onSaved} /> : null}
    </Modal>
  );
}

type TStoreBody = EndpointInput<typeof storesContract.create>['body'];

function StoreForm({
  store,
  onCancel,
  onSaved,
}: {
  store?: TStoreDetail;
  onCancel: () => void;
  onSaved: (id: string) => void;
}) {
  const t = useT();
  const locations = useLocations();
  const queryClient = useQueryClient();
  const { form, setForm, field, errors, problem, save, submit } = useResourceForm(() => storeForm(store), {
    // The body passed the contract's own schema (ZCreateStoreRequest) before it is sent.
    send: (body) =>
      store
        ? call(storesRoutes.update, { params: { id: store.id }, body: body as TStoreBody })
        : call(storesRoutes.create, { body: body as TStoreBody }),
    onSaved: async ({ store: saved }) => {
      await queryClient.invalidateQueries({ queryKey: ['merchants', 'me'] });
      await queryClient.invalidateQueries({ queryKey: storeKey(saved.id) });
      onSaved(saved.id);
    },
  });
  const onSubmit = submit(() => {
    const body = {
      name: form.name,
      category: form.category,
      location: form.location,
      description: form.description,
      phone_number: textOrNull(form.phone_number),
      primary_email: textOrNull(form.primary_email),
      opening_time: form.opening_time,
      closing_time: form.closing_time,
      working_days: form.working_days,
      website_url: textOrNull(form.website_url),
      latitude: numberOrUndefined(form.latitude) ?? null,
      longitude: numberOrUndefined(form.longitude) ?? null,
      socialLinks: Object.entries(form.socials)
        .filter(([, link]) => link.trim() !== '')
        .map(([platform, link]) => ({ platform, link: link.trim() })),
    };
    return { body, checked: validateWith(ZCreateStoreRequest, body) };
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem ? <ErrorState message={problem} /> : null}
      <InputField label={t('stores.name')} {...field('name')} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryField {...field('category')} />
        <SelectField
          label={t('form.location')}
          {...field('location')}
          options={[
            { value: '', label: locations.isPending ? t('common.loading') : t('form.chooseLocation') },
            ...(locations.data ?? []).map((l) => ({
              value: l.id,
              label: l.area ? `${l.name}, ${l.area}` : l.name,
            })),
          ]}
        />
      </div>
      <TextareaField label={t('form.description')} {...field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={t('form.phone')} type="tel" inputMode="tel" {...field('phone_number')} />
        <InputField label={t('form.email')} type="email" inputMode="email" {...field('primary_email')} />
        <InputField label={t('stores.opensAt')} type="time" {...field('opening_time')} />
        <InputField label={t('stores.closesAt')} type="time" {...field('closing_time')} />
      </div>
      <WorkingDaysField {...field('working_days')} />
      {store ? (
        <ImageUploadField
          label={t('stores.logo')}
          upload={{ route: storesRoutes.uploadLogo, id: store.id }}
          currentUrl={store.logoUrl}
          onUploaded={async () => {
            await queryClient.invalidateQueries({ queryKey: storeKey(store.id) });
            await queryClient.invalidateQueries({ queryKey: ['merchants', 'me'] });
          }}
          hint={t('stores.logoHint')}
        />
      ) : (
        <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
          {t('stores.logoLater')}
        </p>
      )}
      <InputField label={t('stores.website')} type="url" inputMode="url" {...field('website_url')} />
      <MapPinFieldset pin={form} onChange={(pin) => setForm((f) => ({ ...f, ...pin }))} errors={errors} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('stores.socialLinks')}
        </legend>
        {SOCIAL_PLATFORMS.map((platform) => (
          <InputField
            key={platform}
            label={SOCIAL_NAMES[platform]}
            type="url"
            inputMode="url"
            value={form.socials[platform] ?? ''}
            onChange={(link) => setForm((f) => ({ ...f, socials: { ...f.socials, [platform]: link } }))}
          />
        ))}
      </fieldset>
      {errors.socialLinks ? <p className="text-sm text-red-700">{errors.socialLinks}</p> : null}
      <FormActions
        pending={save.isPending}
        submitLabel={store ? t('stores.save') : t('stores.create')}
        onCancel={onCancel}
      />
    </form>
  );
}
