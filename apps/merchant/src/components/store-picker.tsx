import { useT } from '@d3/ui';
import type { ComponentType, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMyStores } from '../lib/api/merchant-catalogue';
import { PageHeader } from './page-header';
import { QueryList } from './resource-crud';
import { buttonClass, EmptyState, SelectField } from './ui';

/**
 * The store a page works on: `?store=` in the address (so a link or reload keeps it), else the
 * merchant's first store. Renders the loading, error and no-store states itself.
 */
export function useSelectedStore() {
  const stores = useMyStores();
  const [params, setParams] = useSearchParams();
  const list = stores.data?.stores ?? [];
  const wanted = params.get('store');
  const selected = list.find((store) => store.id === wanted) ?? list[0] ?? null;
  const select = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('store', id);
        return next;
      },
      { replace: true },
    );
  return { stores, list, selected, select };
}

/** What a page that needs a store shows a merchant who has none yet; `children` says why. */
export function CreateStoreFirst({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <EmptyState
      title={t('store.createFirst')}
      action={
        <Link to="/stores" className={buttonClass('primary')}>
          {t('store.goToStores')}
        </Link>
      }
    >
      {children}
    </EmptyState>
  );
}

export function StoreGate({
  state,
  what,
  children,
}: {
  state: ReturnType<typeof useSelectedStore>;
  what: string;
  children: (storeId: string, storeName: string) => ReactNode;
}) {
  const { selected } = state;
  const t = useT();
  return (
    <QueryList
      query={state.stores}
      loadingLabel={t('store.loading')}
      isEmpty={() => !selected}
      empty={<CreateStoreFirst>{t('store.belongsToStore', { what })}</CreateStoreFirst>}
    >
      {() =>
        selected && (
          <>
            {state.list.length > 1 ? (
              <SelectField
                label={t('store.label')}
                className="mb-5 max-w-sm"
                value={selected.id}
                onChange={state.select}
                options={state.list.map((store) => ({ value: store.id, label: store.name }))}
              />
            ) : null}
            {children(selected.id, selected.name)}
          </>
        )
      }
    </QueryList>
  );
}

/**
 * A page about one store (bookings, services, offers, reviews): its header, then the store picker
 * and the loading / error / no-store states around the selected store's `board`. The board is
 * mounted afresh when the merchant picks another store, so no state of the last store stays.
 */
export function StorePage({
  title,
  description,
  board: Board,
}: {
  title: string;
  description: string;
  board: ComponentType<{ storeId: string; storeName: string }>;
}) {
  const state = useSelectedStore();
  return (
    <>
      <PageHeader title={title} description={description} />
      <StoreGate state={state} what={title}>
        {(storeId, storeName) => <Board key={storeId} storeId={storeId} storeName={storeName} />}
      </StoreGate>
    </>
  );
}
