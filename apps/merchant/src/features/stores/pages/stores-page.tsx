import { useT } from '@d3/ui';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EmptyList, QueryList } from '../../../components/resource-crud';
import { StoreGate, useSelectedStore } from '../../../components/store-picker';
import { buttonClass } from '../../../components/ui';
import { StoreFormModal } from '../components/store-form';
import { StoreSection } from '../components/store-section';

export function StoresPage() {
  const t = useT();
  const state = useSelectedStore();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <PageHeader title={t('stores.title')} description={t('stores.description')} />
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {state.list.length ? t('stores.count', { count: state.list.length }) : ''}
        </p>
        <button type="button" className={buttonClass('primary')} onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" className="size-4" /> {t('stores.new')}
        </button>
      </div>
      <QueryList
        query={state.stores}
        loadingLabel={t('store.loading')}
        isEmpty={() => !state.selected}
        empty={<EmptyList title={t('stores.emptyTitle')}>{t('stores.emptyBody')}</EmptyList>}
      >
        {() => (
          <StoreGate state={state} what={t('stores.branchesAndStaff')}>
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
