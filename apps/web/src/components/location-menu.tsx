import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';
import { Check, Crosshair, Loader2, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocations } from '../lib/api/get-locations';
import {
  ALL_LOCATIONS,
  isAllLocations,
  type LocationOption,
  offersText,
  placeName,
  setSelectedLocation,
  storesText,
  useSelectedLocation,
} from '../lib/location';
import { LOCATION_TEXT } from './location-text';

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
          {placeName(option)}
        </span>
        <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
          {option.area} · {offersText(option.offerCount)} · {storesText(option.storeCount)}
        </span>
      </span>
      <DropdownMenu.ItemIndicator className="mt-0.5 shrink-0 text-primary">
        <Check aria-hidden="true" className="size-4" />
        <span className="sr-only">Selected</span>
      </DropdownMenu.ItemIndicator>
    </DropdownMenu.RadioItem>
  );
}

export interface LocationMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  compact: boolean;
  locating: boolean;
  onLocateMe: () => void;
  /** The trigger button (drawn by LocationDropdown, so it looks the same before this loads). */
  trigger: ReactNode;
}

/**
 * The Radix menu behind the location trigger (arrows, Enter, Escape, outside click). Loaded on
 * the first hover, focus or tap of the trigger, so the home page does not ship it up front.
 */
export default function LocationMenu({
  open,
  onOpenChange,
  compact,
  locating,
  onLocateMe,
  trigger,
}: LocationMenuProps) {
  const selected = useSelectedLocation();
  const locations = useLocations();
  const options = locations.data ?? [];

  const choose = (id: string) => {
    const option = options.find((entry) => entry.id === id);
    if (!option) return;
    setSelectedLocation(isAllLocations(option) ? ALL_LOCATIONS : option);
  };

  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
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
              onSelect={onLocateMe}
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
  );
}
