import { useT } from '@d3/ui';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { EntityImage } from '../../../components/entity-image';

/** A 4:3 carousel with arrows and dots; a single picture (or none) shows without controls. */
export function ImageCarousel({ title, images }: { title: string; images: readonly string[] }) {
  const t = useT();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[index % Math.max(count, 1)] ?? null;
  const go = (step: number) => setIndex((value) => (value + step + count) % count);
  return (
    <section
      aria-roledescription={t('gallery.carousel')}
      aria-label={t('gallery.named', { title })}
      className="relative"
    >
      <div className="aspect-[4/3] overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800">
        <EntityImage src={current} name={title} loading="eager" className="size-full text-5xl" />
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t('gallery.previous')}
            className="focus-ring absolute top-1/2 left-3 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white dark:bg-slate-900/90 dark:text-slate-100"
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t('gallery.next')}
            className="focus-ring absolute top-1/2 right-3 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white dark:bg-slate-900/90 dark:text-slate-100"
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          {/* Each dot is a 24 × 24 px target (WCAG 2.5.8, issue 32) around the drawn dot. */}
          <div className="absolute inset-x-0 bottom-2 flex justify-center">
            {images.map((image, dot) => (
              <button
                key={image}
                type="button"
                onClick={() => setIndex(dot)}
                aria-label={t('gallery.show', { index: dot + 1, total: count })}
                aria-current={dot === index}
                className="group focus-ring grid size-6 place-items-center rounded-full"
              >
                <span
                  aria-hidden="true"
                  className={clsx(
                    'size-2.5 rounded-full',
                    dot === index ? 'bg-white' : 'bg-white/50 group-hover:bg-white/80',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
