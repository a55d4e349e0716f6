import { Plus } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { EmptyList, QueryList } from '../../../components/resource-crud';
import { StoreGate, useSelectedStore } from '../../../components/store-picker';
import { buttonClass } from '../../../components/ui';
import { StoreFormModal } from '../components/store-form';
import { StoreSection } from '../components/store-section';

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
