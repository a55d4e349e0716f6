import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from './auth-token';
import { useSession } from './use-session';

/** A JWT the site can read (the server checks signatures, the browser only reads claims). */
const tokenFor = (firstName: string) =>
  `x.${btoa(JSON.stringify({ sub: 'u-1', firstName, exp: Math.floor(Date.now() / 1000) + 3600 }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.y`;

/** Forty places on a page that show who is signed in (cards' hearts, Follow, the navbar…). */
const WHO = Array.from({ length: 40 }, (_, n) => n);

function Who({ n }: { n: number }) {
  const session = useSession();
  return <li data-testid={`who-${n}`}>{session?.firstName ?? 'signed out'}</li>;
}

describe('useSession', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the stored token once for a page of components rendered in one task, not once each', () => {
    const reads = vi.spyOn(localStorage, 'getItem');
    render(
      <ul>
        {WHO.map((n) => (
          <Who key={`who-${n}`} n={n} />
        ))}
      </ul>,
    );
    expect(screen.getAllByText('signed out')).toHaveLength(40);
    // Three keys are looked at per read (token, authToken, access_token); 40 components made 40+ reads.
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2 * 3);
  });

  it('shows a token stored in the same task at once, and one stored behind its back after the task', async () => {
    render(<Who n={1} />);
    expect(screen.getByTestId('who-1').textContent).toBe('signed out');
    act(() => setToken(tokenFor('Wanjiku')));
    expect(screen.getByTestId('who-1').textContent).toBe('Wanjiku');

    // Another tab signs in with another name: a storage event, in a task of its own.
    localStorage.setItem('access_token', tokenFor('Achieng'));
    await act(async () => {
      await Promise.resolve();
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));
    });
    expect(screen.getByTestId('who-1').textContent).toBe('Achieng');
  });
});
