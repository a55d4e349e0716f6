import { storesRoutes } from '@d3/shared/api/routes';
import { useT } from '@d3/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Clock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { StoreLogo } from '../../../components/store-logo';
import { buttonClass, Card, ConfirmDialog, ErrorState, LoadingState } from '../../../components/ui';
import { useStoreDetail } from '../../../lib/api/merchant-catalogue';
import { call } from '../../../lib/api-client';
import { useApiErrorText } from '../../../lib/error-text';
import { BranchesSection } from './branches-section';
import { StaffSection } from './staff-section';
import { StoreFormModal } from './store-form';

// The selected store's card: its details, edit and delete.

export function StoreSection({ storeId }: { storeId: string }) {
  const t = useT();
  const errorText = useApiErrorText();
  const detail = useStoreDetail(storeId);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => call(storesRoutes.remove, { params: { id: storeId } }),
    onSuccess: async () => {
      setDeleting(false);
      await queryClient.invalidateQueries({ queryKey: ['merchants', 'me'] });
    },
  });
  if (detail.isPending) return <LoadingState label={t('stores.loadingStore')} />;
  if (detail.isError)
    return <ErrorState message={errorText(detail.error)} onRetry={() => void detail.refetch()} />;
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
              {store.working_days.map((day) => t(`day.short.${day}`)).join(', ')}
            </p>
            {store.description ? (
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{store.description}</p>
            ) : null}
          </div>
          <div className="flex gap-2">
            <button type="button" className={buttonClass('secondary', true)} onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" /> {t('stores.edit')}
            </button>
            <button type="button" className={buttonClass('ghost', true)} onClick={() => setDeleting(true)}>
              <Trash2 aria-hidden="true" className="size-4" /> {t('common.delete')}
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
        title={t('stores.deleteQuestion')}
        description={t('stores.deleteDescription', { name: store.name })}
        confirmLabel={t('stores.delete')}
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        error={remove.error ? errorText(remove.error) : null}
      />
    </div>
  );
}
