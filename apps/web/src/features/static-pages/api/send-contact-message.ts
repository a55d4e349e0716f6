import { supportRoutes } from '@d3/shared/api/routes';
import type { TContactRequest } from '@d3/shared/support/support-schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** POST /contact: the message is stored and the support team answers by e-mail (API contract decision 6). */
export function sendContactMessage(body: TContactRequest) {
  return call(supportRoutes.contact, { body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}

/** The confirmation shown after sending, addressed by first name. */
export function contactConfirmation(fullName: string): string {
  const firstName = fullName.trim().split(/\s+/)[0] ?? '';
  return `Thanks, ${firstName}! Your message has been sent. We'll reply within one business day.`;
}
