import { useT } from '@d3/ui';
import clsx from 'clsx';
import { Star } from 'lucide-react';
import { useId, useState } from 'react';
import { RATING_WORDS } from '../lib/review-messages';

interface StarRatingInputProps {
  value: number;
  onChange: (rating: number) => void;
  legend?: string;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * 1–5 stars as a real radio group: Tab reaches it, the arrow keys move and choose, Space picks the
 * focused star; each star is read as 'n stars'. Hovering previews the rating with a pointer.
 */
export function StarRatingInput({
  value,
  onChange,
  legend,
  disabled = false,
  invalid = false,
}: StarRatingInputProps) {
  const t = useT();
  const name = useId();
  const [hovered, setHovered] = useState(0);
  const shown = hovered || value;
  return (
    <fieldset disabled={disabled} aria-invalid={invalid || undefined} className="min-w-0">
      <legend className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        {legend ?? t('reviews.yourRating')}
      </legend>
      <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover preview is decoration; the radios carry the input. */}
        <div className="-ml-1 flex" onMouseLeave={() => setHovered(0)}>
          {[1, 2, 3, 4, 5].map((rating) => (
            <label
              key={rating}
              onMouseEnter={() => !disabled && setHovered(rating)}
              className={clsx(
                'relative grid size-10 cursor-pointer place-items-center rounded-lg transition-colors',
                'has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-orange-500',
                'hover:bg-amber-50 dark:hover:bg-amber-400/10',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name={name}
                value={rating}
                checked={value === rating}
                onChange={() => onChange(rating)}
                aria-label={t('reviews.stars', { count: rating })}
                // Transparent over the whole star: a tap or click lands on the radio itself.
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-lg opacity-0 disabled:cursor-not-allowed"
              />
              <Star
                aria-hidden="true"
                className={clsx(
                  'size-7 transition-transform peer-active:scale-90',
                  rating <= shown
                    ? 'fill-amber-400 text-amber-400'
                    : invalid
                      ? 'text-red-400 dark:text-red-400/80'
                      : 'text-slate-300 dark:text-slate-600',
                )}
              />
            </label>
          ))}
        </div>
        <span className="text-sm text-slate-600 dark:text-slate-300" aria-hidden="true">
          {shown > 0
            ? t('reviews.ratingShown', { rating: shown, word: t(RATING_WORDS[shown - 1] ?? '') })
            : t('reviews.selectRating')}
        </span>
      </div>
    </fieldset>
  );
}
