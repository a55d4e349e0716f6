import { useMemo } from 'react';
import { isAllLocations, placeName, useSelectedLocation } from './location';

/** The visitor's chosen location as the search needs it (seed 000 §2 "Search box"). */
export interface SearchLocation {
  /** Sent as the `location` filter and put in the results URL; null for All Locations. */
  value: string | null;
  /** 'Kilimani, Nairobi' for headers; 'All Locations' when none is chosen. */
  label: string;
  /** 'Kilimani' for the placeholder; null for All Locations. */
  short: string | null;
}

export function useSearchLocation(): SearchLocation {
  const selected = useSelectedLocation();
  return useMemo(() => {
    if (isAllLocations(selected)) return { value: null, label: placeName(selected), short: null };
    const area = selected.area && selected.area !== selected.name ? `, ${selected.area}` : '';
    return { value: selected.name, label: `${selected.name}${area}`, short: selected.name };
  }, [selected]);
}
