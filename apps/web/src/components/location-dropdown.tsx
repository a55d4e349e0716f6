import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { Check, ChevronDown, Crosshair, Loader2, MapPin } from 'lucide-react';
import { useState } from 'react';
import { useLocations } from '../features/catalogue/api/get-locations';
import { reverseGeocode } from '../features/catalogue/api/reverse-geocode';
import {
  ALL_LOCATIONS,
  isAllLocations,
  type LocationOption,
  setSelectedLocation,
  storesText,
  useSelectedLocation,
} from '../lib/location';
import { toastError } from '../lib/toast';

/** Seed 000 §2 "Location dropdown" and §8: the words the customer sees. */
export const LOCATION_TEXT = {
  title: 'Choose Your Location',
  subtitle: 'Find the best deals near you',
  useCurrent: 'Use My Current Location',
  locating: 'Finding your location...',
  loading: 'Loading locations...',
  failed: 'Failed to fetch locations',
  notSupported: 'Geolocation is not supported by this browser',
  denied: 'Location access denied',
  unavailable: 'Location information unavailable',
  timedOut: 'Location request timed out',
  unknown: 'Could not determine your location',
} as const;

/** Seed 000 §9: 10 s timeout, positions up to 10 min old, low accuracy. */
export const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 10_000,
  maximumAge: 10 * 60_000,
};

export function geolocationErrorMessage(code: number): string {
  if (code === 1) return LOCATION_TEXT.denied;
  if (code === 2) return LOCATION_TEXT.unavailable;
  if (code === 3) return LOCATION_TEXT.timedOut;
  return LOCATION_TEXT.unknown;
}

/**
 * The browser's position -> the nearest place D3 Deals serves, which becomes the selection. Any failure
 * is toasted and falls back to All Locations (seed 000 §4 "Location").
 */
export async function selectCurrentLocation(): Promise<void> {
  const fail = (message: string) => {
    toastError(message);
    setSelectedLocation(ALL_LOCATIONS);
  };
  if (typeof navigator === 'undefined' || !navigator.geolocation) {
    fail(LOCATION_TEXT.notSupported);
    return;
  }
  let position: GeolocationPosition;
  try {
    position = await new Promise<GeolocationPosition>((resolve, reject) =>
      navigator.geolocation.getCurrentPosition(resolve, reject, GEOLOCATION_OPTIONS),
    );
  } catch (error) {
    const code = (error as GeolocationPositionError | undefined)?.code ?? 0;
    fail(geolocationErrorMessage(code));
    return;
  }
  try {
    const { latitude, longitude } = position.coords;
    const result = await reverseGeocode(latitude, longitude);
    const place = result.nearestAvailableLocation;
    setSelectedLocation({ id: place.id, name: place.name, area: place.area }, { manual: false });
  } catch {
    fail(LOCATION_TEXT.unknown);
  }
}

const itemClass =
  'flex w-full cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 text-left outline-none select-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-default data-[disabled]:opacity-60 dark:data-[highlighted]:bg-slate-800';

function LocationEntry({ option, selected }: { option: LocationOption; selected: boolean }) {
  return (
    <DropdownMenu.RadioItem
      value={option.id}
      data-testid="location-option"
      className={clsx(itemClass, selected && 'bg-orange-50 dark:bg-orange-500/10')}
    >
      <MapPin
        aria-hidden="true"
        className={clsx('mt-0.5 size-4 shrink-0', selected ? 'text-primary' : 'text-slate-400')}
      />
      <span className="min-w-0 flex-1">
        <span
          className={clsx(
            'block truncate text-sm font-semibold',
            selected ? 'text-orange-800 dark:text-orange-200' : 'text-slate-900 dark:text-white',
          )}
        >
          {option.name}
        </span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          {option.area} · {option.offers} · {storesText(option.storeCount)}
        </span>
      </span>
      <DropdownMenu.ItemIndicator className="mt-0.5 shrink-0 text-primary">
        <Check aria-hidden="true" className="size-4" />
        <span className="sr-only">Selected</span>
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}

/**
 * The navbar's location chooser (desktop and phone): 'All Locations' and every served place with its
 * counts, plus 'Use My Current Location'. A Radix menu, so arrows, Enter and Escape work.
 */
export function LocationDropdown({ compact = false, className }: { compact?: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const selected = useSelectedLocation();
  const locations = useLocations();
  const options = locations.data ?? [];

  const choose = (id: string) => {
    const option = options.find((entry) => entry.id === id);
    if (!option) return;
    setSelectedLocation(isAllLocations(option) ? ALL_LOCATIONS : option);
  };

  const locateMe = async () => {
    setLocating(true);
    try {
      await selectCurrentLocation();
    } finally {
      setLocating(false);
    }
  };

  return (
    <div className={className}>
      <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
        <DropdownMenu.Trigger asChild>
          <button
            type="button"
            data-testid="location-trigger"
            aria-label={compact ? `Choose your location, currently ${selected.name}` : undefined}
            className={clsx(
              'focus-ring inline-flex h-10 items-center gap-1.5 rounded-full border border-slate-200 bg-white text-sm font-medium text-slate-700 hover:border-orange-300 hover:text-orange-700 data-[state=open]:border-orange-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-orange-500/60 dark:hover:text-orange-300',
              compact ? 'w-10 justify-center' : 'max-w-[12rem] px-3',
            )}
          >
            {locating ? (
              <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin text-primary" />
            ) : (
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
            )}
            {!compact && (
              <>
                <span className="truncate whitespace-nowrap">{selected.name}</span>
                <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
              </>
            )}
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align={compact ? 'end' : 'start'}
            sideOffset={8}
            collisionPadding={12}
            data-testid="location-menu"
            className="z-50 flex max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-[min(20rem,calc(100vw-1.5rem))] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl dark:border-slate-700 dark:bg-slate-900"
          >
            <div className="border-b border-slate-100 px-4 pt-3.5 pb-3 dark:border-slate-800">
              <DropdownMenu.Label className="font-semibold text-slate-900 dark:text-white">
                {LOCATION_TEXT.title}
              </DropdownMenu.Label>
              <p className="text-sm text-slate-600 dark:text-slate-400">{LOCATION_TEXT.subtitle}</p>
            </div>
            <div className="p-1.5">
              <DropdownMenu.Item
                disabled={locating}
                onSelect={() => void locateMe()}
                className={clsx(
                  itemClass,
                  'items-center text-sm font-semibold text-orange-700 dark:text-orange-300',
                )}
              >
                {locating ? (
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                ) : (
                  <Crosshair aria-hidden="true" className="size-4" />
                )}
                {locating ? LOCATION_TEXT.locating : LOCATION_TEXT.useCurrent}
              </DropdownMenu.Item>
            </div>
            <DropdownMenu.Separator className="h-px bg-slate-100 dark:bg-slate-800" />
            <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-1.5">
              {locations.isError ? (
                <p role="alert" className="px-3 py-4 text-center text-sm text-red-700 dark:text-red-400">
                  {LOCATION_TEXT.failed}
                </p>
              ) : options.length === 0 ? (
                <p
                  role="status"
                  className="flex items-center justify-center gap-2 px-3 py-4 text-sm text-slate-500 dark:text-slate-400"
                >
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                  {LOCATION_TEXT.loading}
                </p>
              ) : (
                <DropdownMenu.RadioGroup value={selected.id} onValueChange={choose}>
                  {options.map((option) => (
                    <LocationEntry key={option.id} option={option} selected={option.id === selected.id} />
                  ))}
                </DropdownMenu.RadioGroup>
              )}
            </div>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
