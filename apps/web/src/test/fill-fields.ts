import { fireEvent, screen } from '@testing-library/react';

/** Sets each labelled field (input, select or textarea) to its value, as a change event. */
export function fillFields(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}
