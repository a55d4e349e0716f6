import { useT } from '@d3/ui';
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
  const t = useT();
  return (
    <SelectField
      label={t('form.category')}
      value={value}
      onChange={onChange}
      error={error}
      options={[
        { value: '', label: categories.isPending ? t('common.loading') : t('form.chooseCategory') },
        ...(categories.data ?? []).map((c) => ({ value: c.name, label: c.name })),
      ]}
    />
  );
}
