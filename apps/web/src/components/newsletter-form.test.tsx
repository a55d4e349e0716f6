import { api, apiError } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests } from '@d3/test-support/msw/server';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { NewsletterForm } from './newsletter-form';

afterEach(cleanup);

describe('NewsletterForm', () => {
  it('requires an email before calling the server', async () => {
    const seen = recordRequests();
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required');
    expect(seen).toEqual([]);
  });

  it.each([200, 201])('confirms the subscription on %i', async (status) => {
    // POST /newsletter has no shared response schema (the API's own ZSupportResponse): plain JSON.
    let sent: { url: string; body: unknown } | undefined;
    mswServer.use(
      api.post('/newsletter', async ({ request }) => {
        sent = { url: request.url, body: await request.json() };
        return HttpResponse.json({ success: true, message: 'ok' }, { status });
      }),
    );
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.type(screen.getByLabelText('Get the best deals in your inbox'), 'otieno@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText("You're subscribed! Watch your inbox for the best deals.")).toBeTruthy();
    expect(sent?.url).toBe(new URL('/api/v1/newsletter', window.location.href).href);
    expect(sent?.body).toEqual({ email: 'otieno@example.com' });
  });

  it("shows the server's message on error", async () => {
    mswServer.use(api.post('/newsletter', () => apiError('VALIDATION_ERROR', 'Email is invalid')));
    const user = userEvent.setup();
    render(<NewsletterForm />);
    await user.type(screen.getByLabelText('Get the best deals in your inbox'), 'otieno@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is invalid');
  });
});
