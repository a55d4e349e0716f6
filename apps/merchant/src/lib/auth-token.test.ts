import { afterEach, describe, expect, it } from 'vitest';
import {
  clearMerchantToken,
  getMerchantClaims,
  getMerchantToken,
  isTokenUsable,
  MERCHANT_TOKEN_KEY,
  setMerchantToken,
} from './auth-token';

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function makeToken(payload: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;

afterEach(() => {
  window.localStorage.clear();
});

describe('merchant token', () => {
  it('is stored under merchant_token, apart from the customer access_token', () => {
    const token = makeToken({ sub: 'm-1', role: 'merchant', exp: inOneHour() });
    window.localStorage.setItem(
      'access_token',
      makeToken({ sub: 'c-1', role: 'customer', exp: inOneHour() }),
    );
    setMerchantToken(token);
    expect(window.localStorage.getItem(MERCHANT_TOKEN_KEY)).toBe(token);
    expect(getMerchantToken()).toBe(token);
    expect(getMerchantClaims()).toMatchObject({ sub: 'm-1', role: 'merchant' });
  });

  it('counts a token whose exp has passed as absent', () => {
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, makeToken({ sub: 'm-1', exp: inOneHour() - 7200 }));
    expect(getMerchantToken()).toBeNull();
  });

  it('counts a string that is not a JWT as absent', () => {
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, 'not-a-token');
    expect(getMerchantToken()).toBeNull();
    expect(isTokenUsable('a.%%%.c')).toBe(false);
  });

  it('is usable until the second its exp names', () => {
    const exp = 1_900_000_000;
    const token = makeToken({ exp });
    expect(isTokenUsable(token, exp * 1000 - 1)).toBe(true);
    expect(isTokenUsable(token, exp * 1000)).toBe(false);
  });

  it('clearMerchantToken leaves the customer token alone', () => {
    window.localStorage.setItem('access_token', 'customer');
    setMerchantToken(makeToken({ exp: inOneHour() }));
    clearMerchantToken();
    expect(window.localStorage.getItem(MERCHANT_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem('access_token')).toBe('customer');
  });
});
