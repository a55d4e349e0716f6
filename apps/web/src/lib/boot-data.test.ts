import { afterEach, describe, expect, it } from 'vitest';
import { readBootData, resetBootData } from './boot-data';

function setBoot(text: string | null) {
  document.getElementById('d3-boot')?.remove();
  if (text === null) return;
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'd3-boot';
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => {
  setBoot(null);
  resetBootData();
});

describe('readBootData', () => {
  it('reads the data block the server put in the head', () => {
    setBoot(
      JSON.stringify({ at: 1_795_000_000_000, topDeals: { limit: 20, body: { offers: [{ id: 'o1' }] } } }),
    );
    expect(readBootData()).toEqual({
      at: 1_795_000_000_000,
      topDeals: { limit: 20, body: { offers: [{ id: 'o1' }] } },
    });
  });

  it('is null without a block, with broken JSON, or without a timestamp', () => {
    expect(readBootData()).toBeNull();
    resetBootData();
    setBoot('{not json');
    expect(readBootData()).toBeNull();
    resetBootData();
    setBoot(JSON.stringify({ topDeals: {} }));
    expect(readBootData()).toBeNull();
  });
});
