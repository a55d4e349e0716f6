import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fetchMockPerTest, renderRoutes } from '../../../test/render';
import { ContactPage } from './contact-page';

const fetchMock = fetchMockPerTest();

function renderPage() {
  renderRoutes([{ path: '/contact-us', element: <ContactPage /> }], '/contact-us');
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
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
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Full name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Please choose a subject')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(screen.getByLabelText(/Full name/).getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the message, thanks the sender by first name and clears the form', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { success: true, message: 'Thanks!', id: 'c1' }));
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(
      await screen.findByText(
        "Thanks, Amina! Your message has been sent. We'll reply within one business day.",
      ),
    ).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      fullName: 'Amina Wanjiku',
      email: 'amina@example.co.ke',
      subject: 'Business Listing',
      message: 'I would like to list my salon in Kilimani.',
    });
    await waitFor(() => expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText(/Message/) as HTMLTextAreaElement).value).toBe('');
  });

  it("shows the server's message when sending fails", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        success: false,
        message: 'Too many requests. Please try again later.',
        code: 'RATE_LIMITED',
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Amina Wanjiku');
  });
});
