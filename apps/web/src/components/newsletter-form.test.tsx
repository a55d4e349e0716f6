import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fetchMockPerTest } from '../test/render';
import { NewsletterForm } from './newsletter-form';

const fetchMock = fetchMockPerTest();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('NewsletterForm', () => {
  it('requires an email before calling the server', async () => {
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([200, 201])('confirms the subscription on %i', async (status) => {
    fetchMock.mockResolvedValue(json(status, { success: true, message: 'ok' }));
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.type(screen.getByLabelText('Get the best deals in your inbox'), 'otieno@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("You're subscribed! Watch your inbox for the best deals.")).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/newsletter');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'otieno@example.com' });
  });

  it("shows the server's message on error", async () => {
    fetchMock.mockResolvedValue(
      json(400, { success: false, message: 'Email is invalid', code: 'VALIDATION_ERROR' }),
    );
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.type(screen.getByLabelText('Get the best deals in your inbox'), 'otieno@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is invalid');
  });
});
