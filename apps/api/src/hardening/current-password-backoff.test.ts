import { describe, expect, it } from 'vitest';
import {
  customerLogin,
  merchantLogin,
  registerCustomer,
  registerMerchant,
  send,
  uniqueEmail,
} from '../test/accounts-helpers.js';
import { API, useTestApp } from '../test/build-app.js';

/**
 * Issue 31 finding 7: the current-password checks had no back-off. With a stolen session, 15 wrong
 * guesses and then the right password changed it. Each check (customer and merchant password
 * change, merchant e-mail change, account deletion) now backs off as sign-in does, per account:
 * 4 free tries, then 429 with Retry-After (15 s, doubling), even for the right password.
 */
const test = useTestApp();
const NEW = 'Br4nd-new-secret';

type Attempt = (password: string) => ReturnType<typeof send>;

/** Guesses until the first 429; answers how many guesses it took and that answer. */
async function guessUntilLimited(attempt: Attempt) {
  for (let guess = 1; guess <= 15; guess += 1) {
    const response = await attempt(`wrong-guess-${guess}`);
    if (response.statusCode === 429) return { guess, response };
    expect(response.statusCode).toBe(400);
  }
  throw new Error('15 wrong guesses and no 429');
}

async function expectLimited(attempt: Attempt, rightPassword: string) {
  const { guess, response } = await guessUntilLimited(attempt);
  expect(guess).toBe(6);
  expect(response.json().code).toBe('RATE_LIMITED');
  expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  // The right password waits too: the guesser learns nothing from it.
  const right = await attempt(rightPassword);
  expect(right.statusCode).toBe(429);
}

describe('current-password checks back off like sign-in', () => {
  it('customer change password: 5 wrong guesses, then 429 even for the right one; the password stays', async () => {
    const { token, input } = await registerCustomer(test.app);
    await expectLimited(
      (currentPassword) =>
        send(test.app, 'PUT', `${API}/users/change-password`, {
          token,
          body: { currentPassword, newPassword: NEW },
        }),
      input.password,
    );
    expect((await customerLogin(test.app, input.email, input.password)).statusCode).toBe(200);
    expect((await customerLogin(test.app, input.email, NEW)).statusCode).toBe(401);
  });

  it('account deletion: the same back-off; the account stays', async () => {
    const { token, input } = await registerCustomer(test.app);
    await expectLimited(
      (password) => send(test.app, 'DELETE', `${API}/users/account`, { token, body: { password } }),
      input.password,
    );
    expect((await send(test.app, 'GET', `${API}/users/current`, { token })).statusCode).toBe(200);
  });

  it('merchant change password and e-mail change share the back-off', async () => {
    const { token, input } = await registerMerchant(test.app);
    const { guess } = await guessUntilLimited((currentPassword) =>
      send(test.app, 'PUT', `${API}/merchants/change-password`, {
        token,
        body: { currentPassword, newPassword: NEW },
      }),
    );
    expect(guess).toBe(6);
    const emailChange = await send(test.app, 'PUT', `${API}/merchants/me`, {
      token,
      body: {
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber,
        email: uniqueEmail('moved'),
        currentPassword: input.password,
      },
    });
    expect(emailChange.statusCode).toBe(429);
    expect((await merchantLogin(test.app, input.email, input.password)).statusCode).toBe(200);
  });

  it('a customer who mistypes twice and then types it right changes the password', async () => {
    const { token, input } = await registerCustomer(test.app);
    const change = (currentPassword: string) =>
      send(test.app, 'PUT', `${API}/users/change-password`, {
        token,
        body: { currentPassword, newPassword: NEW },
      });
    expect((await change('typo-one')).statusCode).toBe(400);
    expect((await change('typo-two')).statusCode).toBe(400);
    expect((await change(input.password)).statusCode).toBe(200);
  });
});
