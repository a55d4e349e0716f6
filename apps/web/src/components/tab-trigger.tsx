import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

/** A page's tab (store profile, search results): underlined in orange while selected. */
export function TabTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      className="focus-ring -mb-px shrink-0 rounded-t-lg border-b-2 border-transparent px-3 py-2.5 text-sm sm:px-4 font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900 data-[state=active]:border-orange-600 data-[state=active]:text-orange-700 dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:text-orange-400"
    >
      {children}
    </Tabs.Trigger>
  );
}
