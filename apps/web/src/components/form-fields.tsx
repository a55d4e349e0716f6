/** The form fields both sites show alike live in @d3/ui; the customer site's look is its default style. */
import { FieldError } from '@d3/ui';
import { type ComponentProps, useId } from 'react';

export { FieldError, FormAlert, OrDivider, TextField } from '@d3/ui';

/**
 * A labelled input whose value lives in component state (a form without react-hook-form); its error,
 * when there is one, is announced with it.
 */
export function StateInput({
  label,
  value,
  onChange,
  error,
  ...input
}: Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <input
        id={id}
        {...input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field mt-1.5 h-11"
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
