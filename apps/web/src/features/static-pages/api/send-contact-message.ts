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

/** The sender's first name: the confirmation after sending addresses them by it. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}
