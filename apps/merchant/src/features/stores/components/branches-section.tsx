import { storesRoutes } from '@d3/shared/api/routes';
import type { TBranch } from '@d3/shared/catalogue/catalogue-schemas';
import { useT } from '@d3/ui';
import { MapPin } from 'lucide-react';
import { CrudCard, CrudList, EmptyList, NewButton, useCrud } from '../../../components/resource-crud';
import { StatusBadge } from '../../../components/ui';
import { branchesKey, useBranches } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { BranchForm } from './branch-form';
import { ListSection } from './list-section';

export function BranchesSection({ storeId }: { storeId: string }) {
  const t = useT();
  const branches = useBranches(storeId);
  const crud = useCrud<TBranch>({
    deleteRow: (id) => call(storesRoutes.removeBranch, { params: { id } }),
    queryKey: branchesKey(storeId),
  });
  return (
    <ListSection
      id="branches-heading"
      title={t('branches.title')}
      action={<NewButton crud={crud} label={t('branches.add')} small />}
    >
      <CrudList
        crud={crud}
        query={branches}
        loadingLabel={t('branches.loading')}
        empty={<EmptyList title={t('branches.emptyTitle')}>{t('branches.emptyBody')}</EmptyList>}
        dialogs={{
          newTitle: t('branches.new'),
          editTitle: t('branches.edit'),
          form: (branch, onDone) => <BranchForm storeId={storeId} branch={branch} onDone={onDone} />,
          confirm: {
            title: t('branches.deleteQuestion'),
            description: (branch) => t('branches.deleteDescription', { name: branch?.name ?? '' }),
            confirmLabel: t('branches.delete'),
          },
        }}
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
                        <span className="text-xs font-medium text-orange-700">· {t('branches.main')}</span>
                      ) : null}
                    </p>
                    <p className="flex items-center gap-1 text-sm text-slate-600 dark:text-slate-400">
                      <MapPin aria-hidden="true" className="size-3.5" />{' '}
                      {branch.address || t('branches.noAddress')}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-400">
                      {branch.openingTime}–{branch.closingTime} ·{' '}
                      {branch.workingDays.map((d) => t(`day.short.${d}`)).join(', ')}
                    </p>
                  </div>
                  <StatusBadge status={branch.status} />
                </div>
              </CrudCard>
            ))}
          </ul>
        )}
      </CrudList>
    </ListSection>
  );
}
