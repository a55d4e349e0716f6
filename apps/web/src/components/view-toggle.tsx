import { useT } from '@d3/ui';
import clsx from 'clsx';
import { LayoutGrid, List } from 'lucide-react';

export type ListView = 'grid' | 'list';

/** Grid / list switch: two toggle buttons, the current one pressed. */
export function ViewToggle({
  view,
  onChange,
  className,
}: {
  view: ListView;
  onChange: (view: ListView) => void;
  className?: string;
}) {
  const t = useT();
  const button = (value: ListView, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={view === value}
      onClick={() => onChange(value)}
      className={clsx(
        'focus-ring grid size-9 place-items-center rounded-md transition-colors',
        view === value
          ? 'bg-white text-orange-700 shadow-sm dark:bg-slate-700 dark:text-orange-300'
          : 'text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span className="sr-only">{label}</span>
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar-like pair of toggle buttons, not a form fieldset.
    <div
      role="group"
      aria-label={t('common.view')}
      className={clsx('inline-flex rounded-lg bg-slate-100 p-0.5 dark:bg-slate-800', className)}
    >
      {button('grid', t('common.gridView'), LayoutGrid)}
      {button('list', t('common.listView'), List)}
    </div>
  );
}
