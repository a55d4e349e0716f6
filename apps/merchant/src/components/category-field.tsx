import { useCategories } from '../lib/api/merchant-catalogue';
import { SelectField } from './ui';

/** The category a store, service or offer is listed under, from the platform's list. */
export function CategoryField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (category: string) => void;
  error?: string;
}) {
  const categories = useCategories();
  return (
    <SelectField
      label="Category"
      value={value}
      onChange={onChange}
      error={error}
      options={[
        { value: '', label: categories.isPending ? 'Loading…' : 'Choose a category' },
        ...(categories.data ?? []).map((c) => ({ value: c.name, label: c.name })),
      ]}
    />
  );
}
