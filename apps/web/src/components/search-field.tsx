import clsx from 'clsx';
import { Search } from 'lucide-react';
import { useId } from 'react';

const SIZES = {
  md: { icon: 'left-3 size-4', input: 'pl-9' },
  lg: { icon: 'left-3.5 size-5', input: 'h-12 pl-11' },
};

/** A page's own search input (bookings, questions): the magnifier inside it, its label for screen readers. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  size = 'md',
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  size?: keyof typeof SIZES;
  className: string;
}) {
  const id = useId();
  return (
    <div className={clsx('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className={clsx(
          'pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-400',
          SIZES[size].icon,
        )}
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={clsx('field', SIZES[size].input)}
      />
    </div>
  );
}
