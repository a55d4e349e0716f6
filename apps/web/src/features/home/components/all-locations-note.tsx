import { useT } from '@d3/ui';
import { MapPin } from 'lucide-react';

/** What a home section says when the chosen place has no deals and it shows every location's. */
export function AllLocationsNote({ place }: { place: string }) {
  const t = useT();
  return (
    <p role="status" className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
      <MapPin aria-hidden="true" className="size-4 shrink-0" />
      {t('home.allLocations', { place })}
    </p>
  );
}
