import { useQueryClient } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearTokens, setToken } from '../lib/auth-token';
import { Providers } from './providers';

function tokenFor(sub: string): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub, role: 'customer', exp })}.signature`;
}

let client: ReturnType<typeof useQueryClient> | undefined;
function Probe() {
  client = useQueryClient();
  return null;
}

afterEach(() => {
  cleanup();
  clearTokens();
});

describe('Providers', () => {
  it('marks cached stores stale when the session changes, and leaves other data alone', () => {
    render(
      <Providers>
        <Probe />
      </Providers>,
    );
    if (!client) throw new Error('no query client');
    client.setQueryData(['stores', 's1'], { store: { id: 's1', following: null } });
    client.setQueryData(['offers', 'top-deals'], []);
    expect(client.getQueryState(['stores', 's1'])?.isInvalidated).toBe(false);

    act(() => setToken(tokenFor('user-1')));
    expect(client.getQueryState(['stores', 's1'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['offers', 'top-deals'])?.isInvalidated).toBe(false);
  });
});
