import clsx from 'clsx';

/** The drawn dots: on the page's own background, or white on the hero's orange. */
const TONES = {
  page: {
    button: '',
    on: 'w-7 bg-primary',
    off: 'w-2.5 bg-slate-300 group-hover:bg-slate-400 dark:bg-slate-600',
  },
  brand: {
    button: 'focus-visible:ring-offset-orange-700',
    on: 'w-7 bg-white',
    off: 'w-2.5 bg-white/50 group-hover:bg-white/80',
  },
} as const;

/**
 * A home carousel's dots, one a page; the current one stretches. Each dot is a 24 × 24 px target
 * (WCAG 2.5.8, issue 32) around the drawn dot.
 */
export function CarouselDots({
  count,
  current,
  onSelect,
  label,
  tone,
  className,
}: {
  count: number;
  current: number;
  onSelect: (position: number) => void;
  /** The dot's accessible name, from its 0-based position. */
  label: (position: number) => string;
  tone: keyof typeof TONES;
  className: string;
}) {
  const colours = TONES[tone];
  return (
    <div className={className}>
      {Array.from({ length: count }, (_, position) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: dots are positions.
          key={position}
          type="button"
          onClick={() => onSelect(position)}
          aria-label={label(position)}
          aria-current={position === current ? 'true' : undefined}
          className={clsx(
            'group focus-ring grid h-6 min-w-6 place-items-center rounded-full px-1',
            colours.button,
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'h-2.5 rounded-full transition-all',
              position === current ? colours.on : colours.off,
            )}
          />
        </button>
      ))}
    </div>
  );
}
