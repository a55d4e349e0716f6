import * as Tabs from '@radix-ui/react-tabs';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { TabTrigger } from './tab-trigger';

afterEach(cleanup);

function ResultTabs() {
  const [tab, setTab] = useState('all');
  return (
    <Tabs.Root value={tab} onValueChange={setTab}>
      <Tabs.List>
        <TabTrigger value="all">All (19)</TabTrigger>
        <TabTrigger value="stores">Stores (4)</TabTrigger>
      </Tabs.List>
      <Tabs.Content value="all">every result</Tabs.Content>
      <Tabs.Content value="stores">the stores</Tabs.Content>
    </Tabs.Root>
  );
}

describe('TabTrigger (issue 32: a tap before the page is live)', () => {
  it('keeps an early tap (data-tap) and selects its tab on the replayed click, which Radix alone ignores', () => {
    render(<ResultTabs />);
    const stores = screen.getByRole('tab', { name: 'Stores (4)' });
    expect(stores.getAttribute('data-tap')).toBe('tab:stores');
    expect(stores.getAttribute('aria-selected')).toBe('false');
    // replayEarlyTaps hands a kept tap to the live control as element.click(): no mousedown, and the
    // early tap had already focused it (so no focus either).
    stores.focus();
    act(() => stores.click());
    expect(stores.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('the stores');
  });
});
