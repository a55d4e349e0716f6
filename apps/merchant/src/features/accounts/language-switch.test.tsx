import { ZMerchantMessageResponse } from '@d3/shared/accounts/accounts-schemas';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AuthLayout } from '../../components/auth-layout';
import { MERCHANT_TOKEN_KEY, setMerchantToken } from '../../lib/auth-token';
import { LOCALE_STORAGE_KEY } from '../../lib/locale';
import {
  cleanUpAfterEach,
  meBody,
  meHandler,
  merchantToken,
  renderMerchant,
  TEST_MERCHANT,
} from '../../test/render';
import { SignInPage } from './pages/sign-in-page';

/** The sign-in card's frame: it carries the switch and applies a signed-in merchant's saved language. */
const renderAuthLayout = () =>
  renderMerchant([{ element: <AuthLayout />, children: [{ path: '*', element: <p>card</p> }] }]);

let sent: unknown[] = [];

beforeEach(() => {
  window.localStorage.clear();
  sent = [];
});

cleanUpAfterEach();

/** PUT /merchants/me: keeps each body in `sent` and answers with the account now in Kiswahili. */
const savesOnAccount = () =>
  api.put('/merchants/me', async ({ request }) => {
    sent.push(await request.json());
    return wire(ZMerchantMessageResponse, {
      success: true,
      message: 'Profile updated successfully!',
      merchant: { ...TEST_MERCHANT, locale: 'sw' },
    });
  });

describe('language switch (issue 33)', () => {
  it('signed out: switches the page to Kiswahili and keeps the choice in local storage only', async () => {
    renderAuthLayout();
    expect(screen.getByText('Looking for deals?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    expect(await screen.findByText('Unatafuta ofa?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kiswahili' }).getAttribute('aria-pressed')).toBe('true');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('sw');
    expect(document.documentElement.lang).toBe('sw-KE');
  });

  it('in Kiswahili, the sign-in form’s own checks speak Kiswahili too (the shared schema’s words)', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'sw');
    renderMerchant([{ element: <AuthLayout />, children: [{ path: '*', element: <SignInPage /> }] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Barua pepe inahitajika')).toBeTruthy();
    expect(screen.getByText('Nenosiri linahitajika')).toBeTruthy();
  });

  it('a signed-in merchant’s saved language applies on the page (it follows them to another browser)', async () => {
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, merchantToken());
    mswServer.use(meHandler({ ...meBody([]), merchant: { ...TEST_MERCHANT, locale: 'sw' } }));
    renderAuthLayout();
    expect(await screen.findByText('Unatafuta ofa?')).toBeTruthy();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('sw');
  });

  it('signed in: the choice is saved on the account (PUT /merchants/me with locale)', async () => {
    window.localStorage.setItem(MERCHANT_TOKEN_KEY, merchantToken());
    mswServer.use(meHandler(meBody([])), savesOnAccount());
    renderAuthLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      firstName: TEST_MERCHANT.firstName,
      lastName: TEST_MERCHANT.lastName,
      phoneNumber: TEST_MERCHANT.phoneNumber,
      locale: 'sw',
    });
    expect(await screen.findByText('Unatafuta ofa?')).toBeTruthy();
  });

  it('a language chosen on the sign-in page before signing in is saved on the account, not undone by its older one', async () => {
    mswServer.use(meHandler(meBody([])), savesOnAccount());
    renderAuthLayout();
    fireEvent.click(screen.getByRole('button', { name: 'Kiswahili' }));
    expect(await screen.findByText('Unatafuta ofa?')).toBeTruthy();
    expect(sent).toEqual([]);
    // Signs in: the account says English (its default), the page was switched to Kiswahili here.
    act(() => setMerchantToken(merchantToken({ jti: 'chosen-before-sign-in' })));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ firstName: TEST_MERCHANT.firstName, locale: 'sw' });
    expect(screen.getByText('Unatafuta ofa?')).toBeTruthy();
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('sw');
  });
});
