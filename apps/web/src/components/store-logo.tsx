import clsx from 'clsx';
import { useState } from 'react';
import { imageSources } from '../lib/image-sources';

const SIZES = {
  xs: 'size-6 text-[0.625rem] rounded-md',
  sm: 'size-10 text-sm rounded-lg',
  md: 'size-14 text-lg rounded-xl',
  lg: 'size-20 text-2xl rounded-2xl',
} as const;
const PIXELS = { xs: 24, sm: 40, md: 56, lg: 80 } as const;

const GRADIENTS = [
  'from-orange-500 to-rose-500',
  'from-sky-500 to-indigo-500',
  'from-emerald-500 to-teal-600',
  'from-violet-500 to-fuchsia-500',
  'from-amber-500 to-orange-600',
  'from-pink-500 to-rose-600',
];

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0]!.charAt(0)}${words[1]!.charAt(0)}` : name.slice(0, 2);
  return letters.toUpperCase() || '?';
}

/** A stable colour per name, so a store keeps its colour everywhere. */
export function gradientFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length]!;
}

/** A store's logo, or its initials on a gradient when there is none or it fails to load. */
export function StoreLogo({
  name,
  logoUrl,
  size = 'sm',
  className,
}: {
  name: string;
  logoUrl?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const box = clsx('shrink-0 overflow-hidden', SIZES[size], className);
  if (logoUrl && !failed) {
    return (
      <img
        loading="lazy"
        {...imageSources(logoUrl, `${PIXELS[size]}px`)}
        alt=""
        width={PIXELS[size]}
        height={PIXELS[size]}
        decoding="async"
        onError={() => setFailed(true)}
        className={clsx(box, 'bg-white object-cover ring-1 ring-slate-900/5 dark:ring-white/10')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      translate="no"
      className={clsx(
        box,
        'grid place-items-center bg-gradient-to-br font-bold text-white',
        gradientFor(name),
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
