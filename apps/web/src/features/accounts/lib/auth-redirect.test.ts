import { afterEach, describe, expect, it } from 'vitest';
import {
  rememberRedirect,
  resolveAfterSignIn,
  safeRedirectPath,
  takeRememberedRedirect,
} from './auth-redirect';

afterEach(() => localStorage.clear());

describe('resolveAfterSignIn', () => {
  it('prefers the redirect query over navigation state', () => {
    expect(resolveAfterSignIn('?redirect=%2Fprofile%2Ffavourites', { returnUrl: '/chat' })).toBe(
      '/profile/favourites',
    );
  });

  it('falls back to state.returnUrl, then state.from, then home', () => {
    expect(resolveAfterSignIn('', { returnUrl: '/chat?x=1' })).toBe('/chat?x=1');
    expect(resolveAfterSignIn('', { from: { pathname: '/hotdeals', search: '?page=2' } })).toBe(
      '/hotdeals?page=2',
    );
    expect(resolveAfterSignIn('', null)).toBe('/');
  });

  it('refuses other origins and the sign-in pages themselves', () => {
    expect(safeRedirectPath('https://evil.example/')).toBeNull();
    expect(safeRedirectPath('//evil.example/')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath('/accounts/sign-in?redirect=/x')).toBeNull();
    expect(resolveAfterSignIn('?redirect=//evil.example', null)).toBe('/');
  });
});

describe('remembered redirect (Google step)', () => {
  it('is read once', () => {
    rememberRedirect('/profile');
    expect(takeRememberedRedirect()).toBe('/profile');
    expect(takeRememberedRedirect()).toBeNull();
  });
});
