import type { EndpointInput } from '@d3/shared/api/contract';
import { storesRoutes } from '@d3/shared/api/routes';
import { ZCreateBranchRequest } from '@d3/shared/catalogue/catalogue-requests';
import type { TBranch } from '@d3/shared/catalogue/catalogue-schemas';
import type { storesContract } from '@d3/shared/catalogue/stores-contract';
import { useT } from '@d3/ui';
import { MapPinFieldset } from '../../../components/location-picker';
import { useResourceForm, useRowSave } from '../../../components/resource-crud';
import { CheckboxField, ErrorState, FormActions, InputField, WorkingDaysField } from '../../../components/ui';
import { branchesKey } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { numberOrUndefined, textOrNull, validateWith } from '../../../lib/form-validation';

type TBranchBody = EndpointInput<typeof storesContract.createBranch>['body'];

export function BranchForm({
  storeId,
  branch,
  onDone,
}: {
  storeId: string;
  branch?: TBranch;
  onDone: () => void;
}) {
  const t = useT();
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
      update:
        branch &&
        ((body: TBranchBody) => call(storesRoutes.updateBranch, { params: { id: branch.id }, body })),
      create: (body: TBranchBody) => call(storesRoutes.createBranch, { params: { id: storeId }, body }),
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
      <InputField label={t('branches.name')} {...field('name')} />
      <InputField label={t('branches.address')} {...field('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField label={t('form.phone')} type="tel" {...field('phone')} />
        <InputField label={t('form.email')} type="email" {...field('email')} />
        <InputField label={t('stores.opensAt')} type="time" {...field('openingTime')} />
        <InputField label={t('stores.closesAt')} type="time" {...field('closingTime')} />
      </div>
      <MapPinFieldset pin={form} onChange={(pin) => setForm((f) => ({ ...f, ...pin }))} errors={errors} />
      <WorkingDaysField {...field('workingDays')} />
      <CheckboxField
        label={t('branches.mainBranch')}
        checked={form.isMainBranch}
        onChange={set('isMainBranch')}
      />
      <FormActions
        pending={save.isPending}
        submitLabel={branch ? t('branches.save') : t('branches.add')}
        onCancel={onDone}
      />
    </form>
  );
}
