import { describe, expect, it } from 'vitest';
import { createSessionEndGuard } from './socket';

/** Issue 31: the server ends a session's sockets; the tab's own sign-out or password change is not a lost session. */
describe('createSessionEndGuard', () => {
  it('a session_ended on the stored token with nothing in flight is a lost session', () => {
    let lost = 0;
    const guard = createSessionEndGuard(
      () => 'token-a',
      () => (lost += 1),
    );
    guard.handlerFor('token-a')();
    expect(lost).toBe(1);
  });

  it('ignores it while this tab changes the session, and after, when the stored token is another', async () => {
    let stored: string | null = 'token-a';
    let lost = 0;
    const guard = createSessionEndGuard(
      () => stored,
      () => (lost += 1),
    );
    const onEnded = guard.handlerFor('token-a');
    await guard.during(async () => {
      onEnded(); // the server ended the old token's socket before the answer came back
      await Promise.resolve();
      stored = 'token-b';
    });
    onEnded(); // a late copy of the event (another process) after the new token is stored
    expect(lost).toBe(0);
    stored = null; // signed out
    onEnded();
    expect(lost).toBe(0);
  });

  it('a failed change does not leave the guard closed', async () => {
    let lost = 0;
    const guard = createSessionEndGuard(
      () => 'token-a',
      () => (lost += 1),
    );
    await expect(guard.during(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    guard.handlerFor('token-a')();
    expect(lost).toBe(1);
  });
});
