import * as Tabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { earlyTap } from '../lib/early-taps';

/**
 * A page's tab (store profile, search results): underlined in orange while selected. Server-rendered,
 * so a tap before the page is live is kept (issue 32) and replayed as a click. Radix selects a tab on
 * mousedown (or focus, which the early tap itself already gave it), not on click: a click on a tab
 * that is not selected yet (only the replayed one; a real tap's mousedown came first) gets its mousedown.
 */
export function TabTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Tabs.Trigger
      value={value}
      {...earlyTap(`tab:${value}`)}
      onClick={(event) => {
        const tab = event.currentTarget;
        if (tab.getAttribute('aria-selected') !== 'true')
          tab.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
      }}
      className="focus-ring -mb-px shrink-0 rounded-t-lg border-b-2 border-transparent px-3 py-2.5 text-sm sm:px-4 font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900 data-[state=active]:border-orange-600 data-[state=active]:text-orange-700 dark:text-slate-400 dark:hover:text-white dark:data-[state=active]:text-orange-400"
    >
      {children}
    </Tabs.Trigger>
  );
}
