import { useT } from '@d3/ui';
import clsx from 'clsx';
import { useState } from 'react';
import { EntityImage } from '../../../components/entity-image';

interface OfferGalleryProps {
  title: string;
  images: readonly string[];
  expired: boolean;
}

/** The offer's pictures at a fixed 4:3, with thumbnails when there is more than one. */
export function OfferGallery({ title, images, expired }: OfferGalleryProps) {
  const t = useT();
  const [selected, setSelected] = useState(0);
  const current = images[Math.min(selected, images.length - 1)] ?? null;
  return (
    <div>
      <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
        <EntityImage src={current} name={title} loading="eager" className="size-full text-5xl" />
        {expired && (
          <div className="absolute inset-0 grid place-items-center bg-slate-950/60">
            <span className="rounded-lg bg-red-600 px-5 py-2 text-lg font-bold tracking-wide text-white shadow-lg">
              {t('gallery.expired')}
            </span>
          </div>
        )}
      </div>
      {images.length > 1 && (
        <ul aria-label={t('gallery.pictures')} className="mt-3 flex gap-2 overflow-x-auto pb-1">
          {images.map((image, index) => (
            <li key={image} className="shrink-0">
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-label={t('gallery.show', { index: index + 1, total: images.length })}
                aria-current={index === selected}
                className={clsx(
                  'focus-ring block aspect-[4/3] w-20 overflow-hidden rounded-lg border-2',
                  index === selected
                    ? 'border-orange-600'
                    : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <EntityImage src={image} name={title} decorative className="size-full text-xs" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
