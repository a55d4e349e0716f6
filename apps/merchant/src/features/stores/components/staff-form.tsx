import type { EndpointInput } from '@d3/shared/api/contract';
import { storesRoutes } from '@d3/shared/api/routes';
import { ZCreateStaffRequest } from '@d3/shared/catalogue/catalogue-requests';
import type { TBranch, TStaff } from '@d3/shared/catalogue/catalogue-schemas';
import type { storesContract } from '@d3/shared/catalogue/stores-contract';
import { useT } from '@d3/ui';
import { useResourceForm, useRowSave } from '../../../components/resource-crud';
import { CheckboxField, ErrorState, FormActions, InputField, SelectField } from '../../../components/ui';
import { staffKey } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { validateWith } from '../../../lib/form-validation';

type TStaffBody = EndpointInput<typeof storesContract.createStaff>['body'];

export function StaffForm({
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
  const t = useT();
  const { form, setForm, set, field, errors, problem, save, submit } = useResourceForm(
    {
      name: member?.name ?? '',
      role: member?.role ?? '',
      branchId: member?.branchId ?? '',
      status: (member?.status ?? 'active') as string,
      serviceIds: member?.serviceIds ?? [],
    },
    useRowSave({
      update:
        member && ((body: TStaffBody) => call(storesRoutes.updateStaff, { params: { id: member.id }, body })),
      create: (body: TStaffBody) => call(storesRoutes.createStaff, { params: { id: storeId }, body }),
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
        <InputField label={t('staff.name')} {...field('name')} />
        <InputField label={t('staff.role')} {...field('role')} placeholder={t('staff.rolePlaceholder')} />
        <SelectField
          label={t('staff.branch')}
          {...field('branchId')}
          options={[
            { value: '', label: t('staff.anyBranch') },
            ...branches.map((b) => ({ value: b.id, label: b.name })),
          ]}
        />
        <SelectField
          label={t('staff.status')}
          value={form.status}
          onChange={set('status')}
          options={[
            { value: 'active', label: t('staff.active') },
            { value: 'inactive', label: t('staff.inactive') },
          ]}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('staff.services')}
        </legend>
        {services.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t('staff.addServicesFirst')}</p>
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
      <FormActions
        pending={save.isPending}
        submitLabel={member ? t('common.save') : t('staff.add')}
        onCancel={onDone}
      />
    </form>
  );
}
