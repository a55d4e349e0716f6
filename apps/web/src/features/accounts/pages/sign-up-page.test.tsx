import { ZAuthResponse } from '@d3/shared/accounts/accounts-schemas';
import { ZErrorResponse } from '@d3/shared/api/envelope-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { createI18n, mapRegisterFieldErrors } from '@d3/ui';
import uiSw from '@d3/ui/locales/sw.messages.json';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setSiteI18n, siteI18nOrDefault } from '../../../lib/locale';
import accountsSw from '../../../locales/accounts/sw.messages.json';
import shellSw from '../../../locales/sw.messages.json';
import { currentUser } from '../../../test/api-fixtures';
import { renderRoutes } from '../../../test/render';
import { SignUpPage } from './sign-up-page';

/** 201 Created: the new account, signed in, waiting for its phone to be verified. */
const registered = () =>
  wire(
    ZAuthResponse,
    {
      success: true,
      message: 'Registration successful',
      access_token: 'header.payload.sig',
      user: { ...currentUser, isPhoneVerified: false },
    },
    201,
  );

/** Answers POST /users/register with `answer`, keeping the bodies the page sent. */
function registerAnswers(answer: () => Response) {
  const bodies: unknown[] = [];
  mswServer.use(
    api.post('/users/register', async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

function renderSignUp(path = '/accounts/sign-up') {
  return renderRoutes(
    [
      { path: '/accounts/sign-up', element: <SignUpPage /> },
      { path: '/accounts/verify-otp', element: <h1>Verify Phone Number</h1> },
    ],
    path,
  );
}

const ENGLISH_LABELS = ['First name', 'Last name', 'Email', 'Phone number', 'Password', 'Confirm password'];

/** Fills the form, its fields found by these labels (in the page's language), and ticks the terms. */
async function fillValidForm(labels = ENGLISH_LABELS) {
  const user = userEvent.setup();
  const values = ['Amina', 'Otieno', 'Amina@Example.co.ke', '0712 345 678', 'safari-2025', 'safari-2025'];
  for (const [index, label] of labels.entries())
    await user.type(screen.getByLabelText(label), values[index] ?? '');
  await user.click(screen.getByRole('checkbox'));
  return user;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('mapRegisterFieldErrors', () => {
  it('maps first_name, last_name and phone to the form fields, first message each', () => {
    expect(
      mapRegisterFieldErrors({
        first_name: ['First name is required', 'second'],
        last_name: 'Last name is required',
        phone: 'Please enter a valid Kenyan phone number',
        unknown_field: 'ignored',
      }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phoneNumber: 'Please enter a valid Kenyan phone number',
    });
  });
});

describe('sign-up form', () => {
  it('shows the seed messages on an empty submit and sends nothing', async () => {
    const bodies = registerAnswers(registered);
    const user = userEvent.setup();
    renderSignUp();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Email is required',
      'Phone number is required',
      'Password is required',
      'Please accept the Terms & Conditions to continue',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it("says 'Passwords do not match' on the confirmation field", async () => {
    const user = userEvent.setup();
    renderSignUp();
    await user.type(screen.getByLabelText('Password'), 'safari-2025');
    await user.type(screen.getByLabelText('Confirm password'), 'safari-2026');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const confirm = screen.getByLabelText('Confirm password');
    await waitFor(() => expect(confirm.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = confirm.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Passwords do not match');
  });

  it('puts server field errors on their fields', async () => {
    registerAnswers(() =>
      wire(
        ZErrorResponse,
        {
          success: false,
          message: 'Invalid request data',
          code: 'VALIDATION_ERROR',
          errors: { first_name: 'First name is too long', phone: 'Please enter a valid Kenyan phone number' },
        },
        400,
      ),
    );
    renderSignUp();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('First name is too long')).toBeTruthy();
    expect(screen.getByText('Please enter a valid Kenyan phone number')).toBeTruthy();
    expect(screen.getByLabelText('First name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows 409 'User already exists' on the email field", async () => {
    registerAnswers(() => apiError('USER_EXISTS', 'User already exists'));
    renderSignUp();
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('User already exists')).toBeTruthy();
  });

  it('sends the account without the confirmation, with the referral slug, then opens the OTP page', async () => {
    const bodies = registerAnswers(registered);
    const router = renderSignUp('/accounts/sign-up?ref=amina-k3');
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/verify-otp'));
    expect(router.state.location.state).toEqual({
      phone: '+254712345678',
      message: 'We sent a 6-digit code to your phone.',
      returnUrl: '/',
    });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      firstName: 'Amina',
      lastName: 'Otieno',
      email: 'amina@example.co.ke',
      phoneNumber: '+254712345678',
      password: 'safari-2025',
      referralSlug: 'amina-k3',
      locale: 'en',
    });
    expect(localStorage.getItem('access_token')).toBe('header.payload.sig');
  });

  it('sign-up reached from Book keeps the booking wizard as where the OTP page goes after', async () => {
    registerAnswers(registered);
    const router = renderSignUp(`/accounts/sign-up?redirect=${encodeURIComponent('/booking/offer/o1')}`);
    const user = await fillValidForm();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/verify-otp'));
    expect((router.state.location.state as { returnUrl: string }).returnUrl).toBe('/booking/offer/o1');
  });

  it('in Kiswahili, the account is made in Kiswahili (its SMS code and its pages after sign-up)', async () => {
    const english = siteI18nOrDefault();
    setSiteI18n(createI18n('sw', { ...uiSw, ...shellSw, ...accountsSw }));
    try {
      const bodies = registerAnswers(registered);
      const router = renderSignUp();
      const user = await fillValidForm([
        'Jina la kwanza',
        'Jina la mwisho',
        'Barua pepe',
        'Nambari ya simu',
        'Nenosiri',
        'Thibitisha nenosiri',
      ]);
      await user.click(screen.getByRole('button', { name: 'Jisajili' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/verify-otp'));
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toMatchObject({ email: 'amina@example.co.ke', locale: 'sw' });
    } finally {
      setSiteI18n(english);
    }
  });
});
