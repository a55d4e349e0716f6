import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';

type TComingSoonPanelProps = {
  /** What this section will let the merchant do, in one sentence. */
  children: ReactNode;
};

/** Said plainly: this section is not built yet. No sample data stands in for it. */
export function ComingSoonPanel({ children }: TComingSoonPanelProps) {
  return (
    <section
      aria-label="Coming soon"
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <span className="grid size-12 place-items-center rounded-xl bg-orange-50 text-orange-600 dark:bg-orange-500/10 dark:text-orange-500">
        <Construction aria-hidden="true" className="size-6" />
      </span>
      <p className="text-base font-semibold text-slate-900 dark:text-white">Coming soon</p>
      <p className="max-w-md text-sm text-slate-600 dark:text-slate-400">{children}</p>
    </section>
  );
}
