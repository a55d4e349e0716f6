import { apiFetch } from '../api-client';

export interface TSubscribeNewsletterResponse {
  success: true;
  message?: string;
}

/** POST /newsletter { email } (API contract decision 6: the address is stored and confirmed). */
export function subscribeNewsletter(email: string): Promise<TSubscribeNewsletterResponse> {
  return apiFetch<TSubscribeNewsletterResponse>('/newsletter', { method: 'POST', body: { email } });
}

export const NEWSLETTER_SUCCESS = "You're subscribed! Watch your inbox for the best deals.";
