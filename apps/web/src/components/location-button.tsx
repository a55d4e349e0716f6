import clsx from 'clsx';
import { Check, ChevronDown, MapPin } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/**
 * The location chooser's button. Until the locations capability lands there is one choice, 'All Locations',
 * and the panel says so honestly instead of listing places we cannot filter by yet.
 */
export function LocationButton({ compact = false, className }: { compact?: boolean; className?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className={clsx('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={compact ? 'Choose your location, currently All Locations' : undefined}
        onClick={() => setOpen((value) => !value)}
        className={clsx(
          'focus-ring inline-flex h-10 items-center gap-1.5 rounded-full border border-slate-200 bg-white text-sm font-medium text-slate-700 hover:border-orange-300 hover:text-orange-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:border-orange-500/60 dark:hover:text-orange-300',
          compact ? 'w-10 justify-center' : 'px-3',
        )}
      >
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {!compact && (
          <>
            <span className="whitespace-nowrap">All Locations</span>
            <ChevronDown aria-hidden="true" className="size-4 text-slate-400" />
          </>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className="card absolute top-12 left-0 z-50 w-72 p-4 shadow-lg max-md:right-0 max-md:left-auto"
        >
          <p className="font-semibold text-slate-900 dark:text-white">Choose Your Location</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">Find the best deals near you</p>
          <p className="mt-3 flex items-center justify-between rounded-lg bg-orange-50 px-3 py-2 text-sm font-medium text-orange-800 dark:bg-orange-500/10 dark:text-orange-200">
            All Locations
            <Check aria-label="Selected" className="size-4" />
          </p>
          <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
            Choosing a town or neighbourhood is coming soon. For now you see deals from every location.
          </p>
        </div>
      )}
    </div>
  );
}
