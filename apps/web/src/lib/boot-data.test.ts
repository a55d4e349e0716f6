import { afterEach, describe, expect, it } from 'vitest';
import { readBootData, resetBootData, takeBootResponse } from './boot-data';

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

describe('takeBootResponse', () => {
  it("gives a page's answer once, whatever the order of the query parameters, and nothing for another address", () => {
    const body = { offers: [{ id: 'o1' }], pagination: { page: 1 } };
    setBoot(
      JSON.stringify({
        at: 1,
        responses: { '/api/v1/offers?status=active&limit=12&sortBy=latest&page=1': body },
      }),
    );
    expect(takeBootResponse('/api/v1/offers?status=active&limit=12&sortBy=latest&page=2')).toBeUndefined();
    expect(takeBootResponse('/api/v1/offers')).toBeUndefined();
    expect(takeBootResponse('/api/v1/offers?page=1&limit=12&sortBy=latest&status=active')).toEqual({ body });
    expect(takeBootResponse('/api/v1/offers?status=active&limit=12&sortBy=latest&page=1')).toBeUndefined();
  });

  it('is nothing without responses in the block', () => {
    setBoot(JSON.stringify({ at: 1, topDeals: { limit: 20, body: { offers: [] } } }));
    expect(takeBootResponse('/api/v1/offers/top-deals?limit=20')).toBeUndefined();
  });
});
