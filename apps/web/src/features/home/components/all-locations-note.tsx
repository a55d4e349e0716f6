import { MapPin } from 'lucide-react';

/** What a home section says when the chosen place has no deals and it shows every location's. */
export function allLocationsNoteText(place: string): string {
  return `No deals in ${place} yet — showing all locations.`;
}

export function AllLocationsNote({ place }: { place: string }) {
  return (
    <p role="status" className="inline-flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
      <MapPin aria-hidden="true" className="size-4 shrink-0" />
      {allLocationsNoteText(place)}
    </p>
  );
}
