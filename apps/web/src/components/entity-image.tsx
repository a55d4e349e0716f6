import clsx from 'clsx';
import { useState } from 'react';
import { imageSources } from '../lib/image-sources';

const GRADIENTS = [
  'from-orange-500 to-rose-500',
  'from-amber-500 to-orange-600',
  'from-emerald-500 to-teal-600',
  'from-sky-500 to-indigo-600',
  'from-fuchsia-500 to-purple-600',
  'from-rose-500 to-red-600',
] as const;

/** 'Savannah Glow Spa' -> 'SG'; '' -> '?'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? words[0]?.slice(0, 2) : `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}`;
  return (letters ?? '?').toUpperCase();
}

function gradientFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return GRADIENTS[Math.abs(hash) % GRADIENTS.length] ?? GRADIENTS[0];
}

interface EntityImageProps {
  src: string | null | undefined;
  /** The store or offer name: the alt text, and the initials when the image is missing or fails. */
  name: string;
  className?: string;
  /** Decorative when the name is already next to it. */
  decorative?: boolean;
  loading?: 'lazy' | 'eager';
  fit?: 'cover' | 'contain';
  /** The width it is drawn at, for an upload's sizes (image-sources.ts); by default its laid-out width. */
  sizes?: string;
}

/** An image that falls back to the name's initials on a gradient when it is missing or fails to load. */
export function EntityImage({
  src,
  name,
  className,
  decorative = false,
  loading = 'lazy',
  fit = 'cover',
  sizes = 'auto, 100vw',
}: EntityImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    const fallbackClass = clsx(
      'grid place-items-center bg-gradient-to-br font-bold text-white select-none',
      gradientFor(name),
      className,
    );
    if (decorative) {
      return (
        <span aria-hidden="true" translate="no" data-testid="initials-fallback" className={fallbackClass}>
          {initialsOf(name)}
        </span>
      );
    }
    return (
      <span
        role="img"
        aria-label={name}
        translate="no"
        data-testid="initials-fallback"
        className={fallbackClass}
      >
        {initialsOf(name)}
      </span>
    );
  }
  return (
    <img
      loading={loading}
      {...imageSources(src, sizes)}
      alt={decorative ? '' : name}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={clsx(fit === 'cover' ? 'object-cover' : 'object-contain', className)}
    />
  );
}
