import {
  type TBranch,
  type TStaff,
  type TStoreDetail,
  ZCreateBranchRequest,
  ZCreateStaffRequest,
  ZCreateStoreRequest,
} from '@d3/shared/catalogue/catalogue-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clock, MapPin, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { CategoryField } from '../../../components/category-field';
import { ImageUploadField } from '../../../components/image-upload-field';
import { MapPinFieldset } from '../../../components/location-picker';
import { PageHeader } from '../../../components/page-header';
import {
  CrudCard,
  CrudDialogs,
  EmptyList,
  NewButton,
  QueryList,
  RowActions,
  useCrud,
  useResourceForm,
  useRowSave,
} from '../../../components/resource-crud';
import { StoreLogo } from '../../../components/store-logo';
import { StoreGate, useSelectedStore } from '../../../components/store-picker';
import {
  buttonClass,
  Card,
  CheckboxField,
  ConfirmDialog,
  ErrorState,
  FormActions,
  InputField,
  LoadingState,
  Modal,
  SelectField,
  StatusBadge,
  TextareaField,
  WorkingDaysField,
} from '../../../components/ui';
import {
  branchesKey,
  staffKey,
  storeKey,
  useBranches,
  useLocations,
  useServices,
  useStaff,
  useStoreDetail,
} from '../../../lib/api/merchant-catalogue';
import { apiClient } from '../../../lib/api-client';
import { numberOrUndefined, textOrNull, validateWith } from '../../../lib/form-validation';

const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'twitter', 'tiktok', 'whatsapp'] as const;

export const DELETE_STORE_QUESTION = 'Delete this store?';

export function StoresPage() {
  const state = useSelectedStore();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader title="Stores" description="Your stores, their branches and staff." />
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {state.list.length ? `${state.list.length} store${state.list.length === 1 ? '' : 's'}` : ''}
        </p>
        <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-4" /> New store
        </button>
      </div>
      <QueryList
        query={state.stores}
        loadingLabel="Loading your stores…"
        isEmpty={() => !state.selected}
        empty={
          <EmptyList title="No stores yet">
            Create your first store: customers find it on D3 Deals, book your services and take your offers.
          </EmptyList>
        }
      >
        {() => (
          <StoreGate state={state} what="Branches and staff">
            {(storeId) => <StoreSection key={storeId} storeId={storeId} />}
          </StoreGate>
        )}
      </QueryList>
      <StoreFormModal
        open={creating}
        onOpenChange={setCreating}
        onSaved={(id) => {
          setCreating(false);
          state.select(id);
        }}
      />
    </>
  );
}

function StoreSection({ storeId }: { storeId: string }) {
  const detail = useStoreDetail(storeId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiClient.delete(`/stores/${storeId}`),
    onSuccess: async () => {
      setDeleting(false);
      await queryClient.invalidateQueries({ queryKey: ['merchants', 'me'] });
    },
  });
  if (detail.isPending) return <LoadingState label="Loading the store…" />;
  if (detail.isError)
    return <ErrorState message={detail.error.message} onRetry={() => void detail.refetch()} />;
  const store = detail.data;
  return (
    <div className="space-y-8">
      <Card>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <StoreLogo
            logoUrl={store.logoUrl}
            initials={store.name.charAt(0).toUpperCase()}
            className="size-16 text-xl"
          />
          <div className="min-w-0 flex-1">
            <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{store.name}</h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {store.category} · {store.location}
            </p>
            <p className="mt-1 flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
              <Clock aria-hidden="true" className="size-4" /> {store.opening_time}–{store.closing_time} ·{' '}
              {store.working_days.map((day) => day.slice(0, 3)).join(', ')}
            </p>
            {store.description ? (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{store.description}</p>
            ) : null}
          </div>
          <div className="flex gap-2">
            <button type="button" className={buttonClass('secondary', true)} onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" /> Edit store
            </button>
            <button type="button" className={buttonClass('ghost', true)} onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" className="size-4" /> Delete
            </button>
          </div>
        </div>
      </Card>
      <BranchesSection storeId={storeId} />
      <StaffSection storeId={storeId} />
      <StoreFormModal
        open={editing}
        onOpenChange={setEditing}
        store={store}
        onSaved={() => setEditing(false)}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={(open) => {
          setDeleting(open);
          remove.reset();
        }}
        title={DELETE_STORE_QUESTION}
        description={`${store.name}, its branches, staff, services and offers are removed. A store with upcoming bookings cannot be deleted.`}
        confirmLabel="Delete store"
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        error={remove.error?.message ?? null}
      />
    </div>
  );
}

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
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={store ? 'Edit store' : 'New store'}>
      {open ? <StoreForm store={store} onCancel={() => onOpenChange(false)} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function StoreForm({
  store,
  onCancel,
  onSaved,
}: {
  store?: TStoreDetail;
  onCancel: () => void;
  onSaved: (id: string) => void;
}) {
  const locations = useLocations();
  const queryClient = useQueryClient();
  const { form, setForm, field, errors, problem, save, submit } = useResourceForm(() => storeForm(store), {
    send: (body) =>
      store
        ? apiClient.put<{ store: TStoreDetail }>(`/stores/${store.id}`, body)
        : apiClient.post<{ store: TStoreDetail }>('/stores', body),
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
      <InputField label="Store name" {...field('name')} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <CategoryField {...field('category')} />
        <SelectField
          label="Location"
          {...field('location')}
          options={[
            { value: '', label: locations.isPending ? 'Loading…' : 'Choose a location' },
            ...(locations.data ?? []).map((l) => ({
              value: l.id,
              label: l.area ? `${l.name}, ${l.area}` : l.name,
            })),
          ]}
        />
      </div>
      <TextareaField label="Description" {...field('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Phone" type="tel" inputMode="tel" {...field('phone_number')} />
        <InputField label="Email" type="email" inputMode="email" {...field('primary_email')} />
        <InputField label="Opens at" type="time" {...field('opening_time')} />
        <InputField label="Closes at" type="time" {...field('closing_time')} />
      </div>
      <WorkingDaysField {...field('working_days')} />
      {store ? (
        <ImageUploadField
          label="Logo"
          uploadPath={`/stores/${store.id}/logo`}
          currentUrl={store.logoUrl}
          onUploaded={async () => {
            await queryClient.invalidateQueries({ queryKey: storeKey(store.id) });
            await queryClient.invalidateQueries({ queryKey: ['merchants', 'me'] });
          }}
          hint="Square works best: we cut it to 512 × 512. JPEG, PNG, WebP or GIF, up to 5 MB."
        />
      ) : (
        <p className="rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800/60 dark:text-slate-400">
          You can add a logo once the store is created (Edit store).
        </p>
      )}
      <InputField label="Website" type="url" inputMode="url" {...field('website_url')} />
      <MapPinFieldset pin={form} onChange={(pin) => setForm((f) => ({ ...f, ...pin }))} errors={errors} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium text-slate-800 dark:text-slate-200">Social links</legend>
        {SOCIAL_PLATFORMS.map((platform) => (
          <InputField
            key={platform}
            label={platform.charAt(0).toUpperCase() + platform.slice(1)}
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
        submitLabel={store ? 'Save store' : 'Create store'}
        onCancel={onCancel}
      />
    </form>
  );
}

// --- branches ---------------------------------------------------------------------------------

/** A titled list on the store's page (branches, staff) with its Add button beside the title. */
function ListSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function BranchesSection({ storeId }: { storeId: string }) {
  const branches = useBranches(storeId);
  const crud = useCrud<TBranch>({ deletePath: (id) => `/branches/${id}`, queryKey: branchesKey(storeId) });
  return (
    <ListSection
      id="branches-heading"
      title="Branches"
      action={<NewButton crud={crud} label="Add branch" small />}
    >
      <QueryList
        query={branches}
        loadingLabel="Loading branches…"
        empty={
          <EmptyList title="No branches yet">
            Customers book at your store’s main address until you add a branch.
          </EmptyList>
        }
      >
        {(list) => (
          <ul className="grid gap-3 sm:grid-cols-2">
            {list.map((branch) => (
              <CrudCard key={branch.id} name={branch.name} item={branch} crud={crud}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900 dark:text-white">
                      {branch.name}{' '}
                      {branch.isMainBranch ? (
                        <span className="text-xs font-medium text-orange-700">· Main</span>
                      ) : null}
                    </p>
                    <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
                      <MapPin aria-hidden="true" className="size-3.5" /> {branch.address || 'No address'}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {branch.openingTime}–{branch.closingTime} ·{' '}
                      {branch.workingDays.map((d) => d.slice(0, 3)).join(', ')}
                    </p>
                  </div>
                  <StatusBadge status={branch.status} />
                </div>
              </CrudCard>
            ))}
          </ul>
        )}
      </QueryList>
      <CrudDialogs
        crud={crud}
        newTitle="New branch"
        editTitle="Edit branch"
        form={(branch, onDone) => <BranchForm storeId={storeId} branch={branch} onDone={onDone} />}
        confirm={{
          title: 'Delete this branch?',
          description: (branch) => `${branch?.name ?? ''} is removed; its staff stay with the store.`,
          confirmLabel: 'Delete branch',
        }}
      />
    </ListSection>
  );
}

function BranchForm({ storeId, branch, onDone }: { storeId: string; branch?: TBranch; onDone: () => void }) {
  const { form, setForm, set, field, errors, problem, save, submit } = useResourceForm(
    {
      name: branch?.name ?? '',
      address: branch?.address ?? '',
      phone: branch?.phone ?? '',
      email: branch?.email ?? '',
      openingTime: branch?.openingTime ?? '09:00',
      closingTime: branch?.closingTime ?? '18:00',
      workingDays: branch?.workingDays ?? ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
      isMainBranch: branch?.isMainBranch ?? false,
      latitude: branch?.latitude?.toString() ?? '',
      longitude: branch?.longitude?.toString() ?? '',
    },
    useRowSave({
      editPath: branch && `/branches/${branch.id}`,
      createPath: `/stores/${storeId}/branches`,
      queryKey: branchesKey(storeId),
      onDone,
    }),
  );
  const onSubmit = submit(() => {
    const body = {
      ...form,
      phone: textOrNull(form.phone),
      email: textOrNull(form.email),
      latitude: numberOrUndefined(form.latitude) ?? null,
      longitude: numberOrUndefined(form.longitude) ?? null,
    };
    return { body, checked: validateWith(ZCreateBranchRequest, body) };
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem ? <ErrorState message={problem} /> : null}
      <InputField label="Branch name" {...field('name')} />
      <InputField label="Address" {...field('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Phone" type="tel" {...field('phone')} />
        <InputField label="Email" type="email" {...field('email')} />
        <InputField label="Opens at" type="time" {...field('openingTime')} />
        <InputField label="Closes at" type="time" {...field('closingTime')} />
      </div>
      <MapPinFieldset pin={form} onChange={(pin) => setForm((f) => ({ ...f, ...pin }))} errors={errors} />
      <WorkingDaysField {...field('workingDays')} />
      <CheckboxField label="Main branch" checked={form.isMainBranch} onChange={set('isMainBranch')} />
      <FormActions
        pending={save.isPending}
        submitLabel={branch ? 'Save branch' : 'Add branch'}
        onCancel={onDone}
      />
    </form>
  );
}

// --- staff ------------------------------------------------------------------------------------

function StaffSection({ storeId }: { storeId: string }) {
  const staff = useStaff(storeId);
  const branches = useBranches(storeId);
  const services = useServices(storeId);
  const crud = useCrud<TStaff>({ deletePath: (id) => `/staff/${id}`, queryKey: staffKey(storeId) });
  const branchName = (id: string | null) => branches.data?.find((b) => b.id === id)?.name ?? 'Any branch';
  return (
    <ListSection id="staff-heading" title="Staff" action={<NewButton crud={crud} label="Add staff" small />}>
      <QueryList
        query={staff}
        loadingLabel="Loading staff…"
        empty={
          <EmptyList title="No staff yet">
            Add the people who serve customers; customers can pick one when booking.
          </EmptyList>
        }
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {list.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center gap-3 p-4">
                <Users aria-hidden="true" className="size-5 text-slate-400" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900 dark:text-white">{member.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {member.role} · {branchName(member.branchId)} · {member.serviceIds.length} service
                    {member.serviceIds.length === 1 ? '' : 's'}
                  </p>
                </div>
                <StatusBadge status={member.status} />
                <RowActions name={member.name} item={member} crud={crud} deleteText={null} />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <CrudDialogs
        crud={crud}
        newTitle="New staff member"
        editTitle="Edit staff member"
        form={(member, onDone) => (
          <StaffForm
            storeId={storeId}
            member={member}
            branches={branches.data ?? []}
            services={(services.data ?? []).map((s) => ({ id: s.id, name: s.name }))}
            onDone={onDone}
          />
        )}
        confirm={{
          title: 'Remove this staff member?',
          description: (member) => `${member?.name ?? ''} will no longer be bookable.`,
          confirmLabel: 'Remove',
        }}
      />
    </ListSection>
  );
}

function StaffForm({
  storeId,
  member,
  branches,
  services,
  onDone,
}: {
  storeId: string;
  member?: TStaff;
  branches: TBranch[];
  services: Array<{ id: string; name: string }>;
  onDone: () => void;
}) {
  const { form, setForm, set, field, errors, problem, save, submit } = useResourceForm(
    {
      name: member?.name ?? '',
      role: member?.role ?? '',
      branchId: member?.branchId ?? '',
      status: (member?.status ?? 'active') as string,
      serviceIds: member?.serviceIds ?? [],
    },
    useRowSave({
      editPath: member && `/staff/${member.id}`,
      createPath: `/stores/${storeId}/staff`,
      queryKey: staffKey(storeId),
      onDone,
    }),
  );
  const onSubmit = submit(() => {
    const body = { ...form, role: form.role.trim() || 'Staff', branchId: form.branchId || null };
    return { body, checked: validateWith(ZCreateStaffRequest, body) };
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {problem ? <ErrorState message={problem} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label="Name" {...field('name')} />
        <InputField label="Role" {...field('role')} placeholder="Stylist" />
        <SelectField
          label="Branch"
          {...field('branchId')}
          options={[
            { value: '', label: 'Any branch' },
            ...branches.map((b) => ({ value: b.id, label: b.name })),
          ]}
        />
        <SelectField
          label="Status"
          value={form.status}
          onChange={set('status')}
          options={[
            { value: 'active', label: 'Active' },
            { value: 'inactive', label: 'Inactive' },
          ]}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Services they perform
        </legend>
        {services.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Add services first; you can assign them later.
          </p>
        ) : (
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {services.map((service) => (
              <CheckboxField
                key={service.id}
                label={service.name}
                checked={form.serviceIds.includes(service.id)}
                onChange={(on) =>
                  setForm((f) => ({
                    ...f,
                    serviceIds: on
                      ? [...f.serviceIds, service.id]
                      : f.serviceIds.filter((id) => id !== service.id),
                  }))
                }
              />
            ))}
          </div>
        )}
        {errors.serviceIds ? <p className="mt-1 text-sm text-red-700">{errors.serviceIds}</p> : null}
      </fieldset>
      <FormActions pending={save.isPending} submitLabel={member ? 'Save' : 'Add staff'} onCancel={onDone} />
    </form>
  );
}
