import { storesRoutes } from '@d3/shared/api/routes';
import type { TStaff } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import { Users } from 'lucide-react';
import { CrudList, EmptyList, NewButton, RowActions, useCrud } from '../../../components/resource-crud';
import { StatusBadge } from '../../../components/ui';
import { staffKey, useBranches, useServices, useStaff } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { ListSection } from './list-section';
import { StaffForm } from './staff-form';

export function StaffSection({ storeId }: { storeId: string }) {
  const t = useT();
  const staff = useStaff(storeId);
  const branches = useBranches(storeId);
  const services = useServices(storeId);
  const crud = useCrud<TStaff>({
    deleteRow: (id) => call(storesRoutes.removeStaff, { params: { id } }),
    queryKey: staffKey(storeId),
  });
  const branchName = (id: string | null) =>
    branches.data?.find((b) => b.id === id)?.name ?? t('staff.anyBranch');
  return (
    <ListSection
      id="staff-heading"
      title={t('staff.title')}
      action={<NewButton crud={crud} label={t('staff.add')} small />}
    >
      <CrudList
        crud={crud}
        query={staff}
        loadingLabel={t('staff.loading')}
        empty={<EmptyList title={t('staff.emptyTitle')}>{t('staff.emptyBody')}</EmptyList>}
        dialogs={{
          newTitle: t('staff.new'),
          editTitle: t('staff.edit'),
          form: (member, onDone) => (
            <StaffForm
              storeId={storeId}
              member={member}
              branches={branches.data ?? []}
              services={(services.data ?? []).map((s) => ({ id: s.id, name: s.name }))}
              onDone={onDone}
            />
          ),
          confirm: {
            title: t('staff.removeQuestion'),
            description: (member) => t('staff.removeDescription', { name: member?.name ?? '' }),
            confirmLabel: t('staff.remove'),
          },
        }}
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
            {list.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center gap-3 p-4">
                <Users aria-hidden="true" className="size-5 text-slate-400" />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900 dark:text-white">{member.name}</p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {member.role} · {branchName(member.branchId)} ·{' '}
                    {t('staff.serviceCount', { count: member.serviceIds.length })}
                  </p>
                </div>
                <StatusBadge status={member.status} />
                <RowActions name={member.name} item={member} crud={crud} deleteText={null} />
              </li>
            ))}
          </ul>
        )}
      </CrudList>
    </ListSection>
  );
}
