import { ZMessageResponse } from '@d3/shared/api/envelope-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { VerifyOtpPage } from './verify-otp-page';

afterEach(cleanup);

function renderOtpPage(extraState: Record<string, unknown> = {}) {
  return renderRoutes(
    [
      { path: '/accounts/verify-otp', element: <VerifyOtpPage /> },
      { path: '/accounts/sign-up', element: <h1>Sign Up</h1> },
      { path: '/booking/offer/:offerId', element: <h1>Book</h1> },
      { path: '/', element: <h1>Home</h1> },
    ],
    {
      pathname: '/accounts/verify-otp',
      state: { phone: '+254712345678', message: 'We sent a 6-digit code to your phone.', ...extraState },
    },
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const submit = () => screen.getByRole('button', { name: 'Verify Phone Number' }) as HTMLButtonElement;

describe('OTP page', () => {
  it('shows the masked phone and six numeric boxes, the first one taking the SMS auto-fill', () => {
    renderOtpPage();
    expect(screen.getByText('+254 7** *** 678')).toBeTruthy();
    expect(boxes()).toHaveLength(6);
    expect(boxes()[0]?.getAttribute('autocomplete')).toBe('one-time-code');
    for (const box of boxes()) expect(box.getAttribute('inputmode')).toBe('numeric');
  });

  it('a paste strips non-digits and keeps the first six', () => {
    renderOtpPage();
    fireEvent.paste(boxes()[3]!, { clipboardData: { getData: () => 'Code: 12-34 56 789' } });
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(submit().disabled).toBe(false);
  });

  it('keeps Verify disabled until all six digits are in, moving on as you type and back on Backspace', async () => {
    const user = userEvent.setup();
    renderOtpPage();
    expect(submit().disabled).toBe(true);
    await user.click(boxes()[0]!);
    await user.keyboard('12a3');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '', '', '']);
    expect(document.activeElement).toBe(boxes()[3]);
    expect(submit().disabled).toBe(true);
    await user.keyboard('{Backspace}');
    expect(boxes()[2]!.value).toBe('');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('3456');
    expect(submit().disabled).toBe(false);
  });

  it('sends phone and code, and shows the server message for a wrong code', async () => {
    let sent: { url: string; body: unknown } | undefined;
    mswServer.use(
      api.post('/users/verify-otp', async ({ request }) => {
        sent = { url: request.url, body: await request.json() };
        return apiError('OTP_INVALID', 'Invalid OTP. Please try again.');
      }),
    );
    renderOtpPage();
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '654321' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Invalid OTP. Please try again.')).toBeTruthy();
    expect(sent?.url).toBe(new URL('/api/v1/users/verify-otp', window.location.href).href);
    expect(sent?.body).toEqual({ phone: '+254712345678', otp: '654321' });
    await waitFor(() => expect(boxes()[0]!.getAttribute('aria-invalid')).toBe('true'));
  });

  it('after a correct code goes on to where sign-up started (the booking wizard), not home', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mswServer.use(
      api.post('/users/verify-otp', () =>
        wire(ZMessageResponse, { success: true, message: 'Phone verified' }),
      ),
    );
    const router = renderOtpPage({ returnUrl: '/booking/offer/o1' });
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(submit());
    await waitFor(() => expect(submit().disabled).toBe(true));
    await vi.advanceTimersByTimeAsync(1600);
    await waitFor(() => expect(router.state.location.pathname).toBe('/booking/offer/o1'));
    vi.useRealTimers();
  });

  it('Back to Sign Up returns to the sign-up page', async () => {
    const user = userEvent.setup();
    const router = renderOtpPage();
    await user.click(screen.getByRole('link', { name: 'Back to Sign Up' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/sign-up'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sign Up');
  });

  it('without a phone in navigation state goes to sign-up', async () => {
    const router = renderRoutes(
      [
        { path: '/accounts/verify-otp', element: <VerifyOtpPage /> },
        { path: '/accounts/sign-up', element: <h1>Sign Up</h1> },
      ],
      '/accounts/verify-otp',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts/sign-up'));
  });
});
