import clsx from 'clsx';
import { ChevronDown, Loader2, MapPin } from 'lucide-react';
import { type ComponentPropsWithoutRef, forwardRef, lazy, Suspense, useState } from 'react';
import { reverseGeocode } from '../lib/api/reverse-geocode';
import { earlyTap } from '../lib/early-taps';
import {
  ALL_LOCATIONS,
  placeName as placeLabel,
  setSelectedLocation,
  useSelectedLocation,
} from '../lib/location';
import { siteText } from '../lib/site-i18n';
import { toastError } from '../lib/toast';
import { LOCATION_TEXT } from './location-text';

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

const loadLocationMenu = () => import('./location-menu');
const LocationMenu = lazy(loadLocationMenu);

interface TriggerProps extends ComponentPropsWithoutRef<'button'> {
  compact: boolean;
  locating: boolean;
  placeName: string;
}

/** The trigger looks the same before and after the menu code has loaded. */
const LocationTrigger = forwardRef<HTMLButtonElement, TriggerProps>(function LocationTrigger(
  { compact, locating, placeName, className, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      data-testid="location-trigger"
      {...earlyTap(compact ? 'location:compact' : 'location:wide')}
      aria-label={compact ? siteText('location.choose', { place: placeName }) : undefined}
      aria-haspopup="menu"
      className={clsx(
        'focus-ring inline-flex h-10 items-center gap-1.5 rounded-full border border-slate-200 bg-white text-sm font-medium text-slate-700 hover:border-orange-300 hover:text-orange-700 data-[state=open]:border-orange-300 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-orange-500/60 dark:hover:text-orange-300',
        compact ? 'w-10 justify-center' : 'max-w-[12rem] px-3',
        className,
      )}
      {...rest}
    >
      {locating ? (
        <Loader2 aria-hidden="true" className="size-4 shrink-0 animate-spin text-primary" />
      ) : (
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
      )}
      {!compact && (
        <>
          <span className="truncate whitespace-nowrap">{placeName}</span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
        </>
      )}
    </button>
  );
});

/**
 * The navbar's location chooser (desktop and phone): 'All Locations' and every served place with its
 * counts, plus 'Use My Current Location'. The trigger is drawn at once; the Radix menu behind it
 * (arrows, Enter, Escape) loads on the first hover, focus or tap and opens on the first click.
 */
export function LocationDropdown({ compact = false, className }: { compact?: boolean; className?: string }) {
  const [menuWanted, setMenuWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [locating, setLocating] = useState(false);
  const selected = useSelectedLocation();

  const locateMe = async () => {
    setLocating(true);
    try {
      await selectCurrentLocation();
    } finally {
      setLocating(false);
    }
  };

  const triggerProps = { compact, locating, placeName: placeLabel(selected) };
  const preload = () => void loadLocationMenu();
  if (!menuWanted) {
    return (
      <div className={className}>
        <LocationTrigger
          {...triggerProps}
          aria-expanded={false}
          onPointerEnter={preload}
          onFocus={preload}
          onTouchStart={preload}
          onClick={() => {
            setMenuWanted(true);
            setOpen(true);
          }}
        />
      </div>
    );
  }
  return (
    <div className={className}>
      <Suspense fallback={<LocationTrigger {...triggerProps} aria-busy="true" aria-expanded={false} />}>
        <LocationMenu
          open={open}
          onOpenChange={setOpen}
          compact={compact}
          locating={locating}
          onLocateMe={() => void locateMe()}
          trigger={<LocationTrigger {...triggerProps} />}
        />
      </Suspense>
    </div>
  );
}
