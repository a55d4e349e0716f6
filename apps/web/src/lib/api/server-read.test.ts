import { hashKey, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { readFirst } from './server-read';

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('readFirst', () => {
  it('asks every read and the reads that follow from an answer; a failure is dropped only once all have settled', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const tried = new Set<string>();
    await readFirst(client, tried, [
      // Answers first, and its follower answers (and one fails) while the slow sibling is still on its way.
      {
        queryKey: ['offer', 'o1'],
        queryFn: () => after(1, { serviceId: 's1' }),
        next: (offer: { serviceId: string }) => [
          { queryKey: ['service', offer.serviceId], queryFn: () => after(1, { name: 'Pedicure' }) },
          { queryKey: ['gone'], queryFn: () => Promise.reject(new Error('404')) },
        ],
      },
      { queryKey: ['store', 'x1'], queryFn: () => after(40, { name: 'Salon' }) },
    ]);
    expect(client.getQueryData(['offer', 'o1'])).toEqual({ serviceId: 's1' });
    expect(client.getQueryData(['service', 's1'])).toEqual({ name: 'Pedicure' });
    expect(client.getQueryData(['store', 'x1'])).toEqual({ name: 'Salon' });
    // The failed read is gone (the page renders it loading; the browser asks again), and not asked again here.
    expect(client.getQueryCache().find({ queryKey: ['gone'] })).toBeUndefined();
    expect([...tried].sort()).toEqual(
      [['offer', 'o1'], ['service', 's1'], ['gone'], ['store', 'x1']].map((key) => hashKey(key)).sort(),
    );
  });
});
