import { api, apiError } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests } from '@d3/test-support/msw/server';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { ContactPage } from './contact-page';

afterEach(cleanup);

function renderPage() {
  renderRoutes([{ path: '/contact-us', element: <ContactPage /> }], '/contact-us');
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), 'Amina Wanjiku');
  await user.type(screen.getByLabelText(/Email/), 'amina@example.co.ke');
  await user.selectOptions(screen.getByLabelText(/Subject/), 'Business Listing');
  await user.type(screen.getByLabelText(/Message/), 'I would like to list my salon in Kilimani.');
}

describe('Contact page', () => {
  it('offers exactly the six subjects', () => {
    renderPage();
    const options = [...(screen.getByLabelText(/Subject/) as HTMLSelectElement).options].map((o) => o.text);
    expect(options).toEqual([
      'Choose a subject',
      'General Inquiry',
      'Technical Support',
      'Business Listing',
      'Feedback',
      'Advertising',
      'Other',
    ]);
  });

  it('shows an inline error for each empty field and sends nothing', async () => {
    const seen = recordRequests();
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Please choose a subject')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.getByLabelText(/Full name/).getAttribute('aria-invalid')).toBe('true');
    expect(seen).toEqual([]);
  });

  it('sends the message, thanks the sender by first name and clears the form', async () => {
    // POST /contact has no shared response schema (the API's own ZSupportResponse): plain JSON.
    let sent: { method: string; url: string; body: unknown } | undefined;
    mswServer.use(
      api.post('/contact', async ({ request }) => {
        sent = { method: request.method, url: request.url, body: await request.json() };
        return HttpResponse.json({ success: true, message: 'Thanks!', id: 'c1' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(
      await screen.findByText(
        "Thanks, Amina! Your message has been sent. We'll reply within one business day.",
      ),
    ).toBeTruthy();
    expect(sent?.url).toBe(new URL('/api/v1/contact', window.location.href).href);
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual({
      fullName: 'Amina Wanjiku',
      email: 'amina@example.co.ke',
      subject: 'Business Listing',
      message: 'I would like to list my salon in Kilimani.',
    });
    await waitFor(() => expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's message when sending fails", async () => {
    mswServer.use(
      api.post('/contact', () => apiError('RATE_LIMITED', 'Too many requests. Please try again later.')),
    );
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Amina Wanjiku');
  });
});
