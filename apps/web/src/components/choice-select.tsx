import type { ComponentProps } from 'react';

/** One choice of a `ChoiceSelect`. */
export interface TChoice {
  value: string;
  label: string;
}

/** The choices for values shown by `label` (by themselves when no label is given). */
export function asChoices<T extends string>(
  values: readonly T[],
  label: (value: T) => string = (value) => value,
): TChoice[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/** A select over `choices`; `blank` is a first, empty choice ('All categories', 'Select a timeline'). */
export function ChoiceSelect({
  choices,
  blank,
  ...select
}: ComponentProps<'select'> & { choices: readonly TChoice[]; blank?: string }) {
  return (
    <select {...select}>
      {blank !== undefined && <option value="">{blank}</option>}
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
