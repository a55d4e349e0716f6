import { Link, useSearchParams } from 'react-router';
import { useMyStores } from '../lib/api/merchant-catalogue';
import { buttonClass, EmptyState, ErrorState, LoadingState, SelectField } from './ui';

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

export function StoreGate({
  state,
  what,
  children,
}: {
  state: ReturnType<typeof useSelectedStore>;
  what: string;
  children: (storeId: string) => React.ReactNode;
}) {
  if (state.stores.isPending) return <LoadingState label="Loading your stores…" />;
  if (state.stores.isError) {
    return <ErrorState message={state.stores.error.message} onRetry={() => void state.stores.refetch()} />;
  }
  if (!state.selected) {
    return (
      <EmptyState
        title="Create a store first"
        action={
          <Link to="/stores" className={buttonClass('primary')}>
            Go to Stores
          </Link>
        }
      >
        {what} belong to a store. Add your store, then come back here.
      </EmptyState>
    );
  }
  return (
    <>
      {state.list.length > 1 ? (
        <SelectField
          label="Store"
          className="mb-5 max-w-sm"
          value={state.selected.id}
          onChange={state.select}
          options={state.list.map((store) => ({ value: store.id, label: store.name }))}
        />
      ) : null}
      {children(state.selected.id)}
    </>
  );
}
