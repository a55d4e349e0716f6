import { clsx } from 'clsx';

/**
 * A store's logo, else its initials on the brand gradient. Decorative: the store's name is written
 * beside it. `className` gives the size (and the initials' text size).
 */
export function StoreLogo({
  logoUrl,
  initials,
  className,
}: {
  logoUrl: string | null;
  initials: string;
  className: string;
}) {
  return logoUrl ? (
    <img src={logoUrl} alt="" className={clsx('shrink-0 rounded-xl object-cover', className)} />
  ) : (
    <span
      aria-hidden="true"
      className={clsx(
        'grid shrink-0 place-items-center rounded-xl bg-gradient-to-br from-orange-500 to-rose-500 font-bold text-white',
        className,
      )}
    >
      {initials}
    </span>
  );
}
