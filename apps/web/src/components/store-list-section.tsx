import type { TStore } from '@d3/shared/catalogue/catalogue-schemas';
import type { LucideIcon } from 'lucide-react';
import { FirstScreenList } from './first-screen-list';
import { IconHeading } from './icon-heading';
import { StoreCard, StoreCardSkeleton } from './store-card';

/** Cards in a row of the grid at its widest: the first row comes with the list, then a row a task. */
const ROW = 4;

/**
 * A titled grid of store cards (the seed 000 §9 store lists); nothing once loaded empty. Its cards
 * come a row at a time, each row in a task of its own (issue 32): the All Stores page's 21 random
 * stores, built in one go when they arrived, were its longest task (~450 ms on Lighthouse's phone
 * at 7x, most of the page's blocking time).
 */
export function StoreListSection({
  id,
  title,
  icon,
  stores,
  loading,
}: {
  id: string;
  title: string;
  icon: LucideIcon | null;
  stores: TStore[] | undefined;
  loading: boolean;
}) {
  if (!loading && !stores?.length) return null;
  return (
    <section aria-labelledby={id}>
      <IconHeading id={id} icon={icon} size="lg">
        {title}
      </IconHeading>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {loading
          ? ['a', 'b', 'c', 'd'].map((key) => (
              <li key={key}>
                <StoreCardSkeleton />
              </li>
            ))
          : stores && (
              <FirstScreenList count={ROW} perTask={ROW}>
                {stores.map((store) => (
                  <li key={store.id} className="flex">
                    <StoreCard store={store} className="w-full" />
                  </li>
                ))}
              </FirstScreenList>
            )}
      </ul>
    </section>
  );
}
