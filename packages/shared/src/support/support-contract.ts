import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { ZContactRequest, ZNewsletterRequest } from './support-schemas.js';

export const ZSupportResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.string().optional(),
});

/** Contact form and newsletter: both store what was sent (API-CONTRACT decision 6). */
export const supportContract = defineContract('support', {
  contact: {
    method: 'POST',
    path: '/contact',
    operationId: 'sendContactMessage',
    summary: 'Send the contact form',
    access: 'open',
    body: ZContactRequest,
    responses: { 201: ZSupportResponse },
  },
  newsletter: {
    method: 'POST',
    path: '/newsletter',
    operationId: 'subscribeNewsletter',
    summary: 'Subscribe an e-mail address to the newsletter (201 new, 200 already)',
    access: 'open',
    body: ZNewsletterRequest,
    responses: { 200: ZSupportResponse, 201: ZSupportResponse },
  },
});
