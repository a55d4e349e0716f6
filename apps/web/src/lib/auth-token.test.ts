// biome-ignore-all lint/suspicious/noDocumentCookie: these tests set cookies the way a server response would.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_CHANGE_EVENT,
  clearTokens,
  decodeTokenClaims,
  getToken,
  hasValidToken,
  isTokenExpired,
  setToken,
} from './auth-token';

function base64Url(value: string): string {
  const binary = String.fromCharCode(...new TextEncoder().encode(value));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function makeJwt(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.sig`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const live = (sub = 'user-1') => makeJwt({ sub, role: 'customer', exp: nowSeconds() + 3600 });
const expired = (sub = 'user-old') => makeJwt({ sub, role: 'customer', exp: nowSeconds() - 60 });

function clearCookies() {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});
afterEach(() => {
  localStorage.clear();
  clearCookies();
});

describe('decodeTokenClaims', () => {
  it('reads the base64url payload of a JWT, including non-ASCII names', () => {
    const token = makeJwt({ sub: 'abc', firstName: 'Wanjirũ' });
    expect(decodeTokenClaims(token)).toMatchObject({ sub: 'abc', firstName: 'Wanjirũ' });
  });

  it('returns null for something that is not a JWT', () => {
    expect(decodeTokenClaims('opaque-token')).toBeNull();
    expect(decodeTokenClaims('a.%%%.c')).toBeNull();
  });
});

describe('isTokenExpired', () => {
  it('is true once exp is in the past and false before it', () => {
    expect(isTokenExpired(expired())).toBe(true);
    expect(isTokenExpired(live())).toBe(false);
  });

  it('treats a token without exp (or an opaque token) as not expired', () => {
    expect(isTokenExpired(makeJwt({ sub: 'x' }))).toBe(false);
    expect(isTokenExpired('opaque')).toBe(false);
  });
});

describe('getToken', () => {
  it('reads local storage keys in the order token, authToken, access_token', () => {
    localStorage.setItem('access_token', live('c'));
    localStorage.setItem('authToken', live('b'));
    expect(decodeTokenClaims(getToken()!)?.sub).toBe('b');
    localStorage.setItem('token', live('a'));
    expect(decodeTokenClaims(getToken()!)?.sub).toBe('a');
  });

  it('falls back to the access_token cookie when storage holds nothing', () => {
    const cookieToken = live('from-cookie');
    document.cookie = `access_token=${cookieToken}; Path=/`;
    expect(getToken()).toBe(cookieToken);
  });

  it('skips and removes an expired stored token, then uses the next valid one', () => {
    localStorage.setItem('token', expired());
    localStorage.setItem('access_token', live('fresh'));
    expect(decodeTokenClaims(getToken()!)?.sub).toBe('fresh');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('treats an expired token as absent', () => {
    localStorage.setItem('authToken', expired());
    expect(getToken()).toBeNull();
    expect(hasValidToken()).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('ignores an expired cookie token', () => {
    document.cookie = `access_token=${expired()}; Path=/`;
    expect(getToken()).toBeNull();
  });
});

describe('setToken and clearTokens', () => {
  it('setToken stores under access_token and announces the change', () => {
    const listener = vi.fn();
    window.addEventListener(AUTH_CHANGE_EVENT, listener);
    const token = live();
    setToken(token);
    window.removeEventListener(AUTH_CHANGE_EVENT, listener);
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(getToken()).toBe(token);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('clearTokens removes all three keys and the cookie', () => {
    localStorage.setItem('token', live());
    localStorage.setItem('authToken', live());
    localStorage.setItem('access_token', live());
    document.cookie = `access_token=${live()}; Path=/`;
    clearTokens();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(document.cookie).not.toContain('access_token=ey');
    expect(getToken()).toBeNull();
  });
});
