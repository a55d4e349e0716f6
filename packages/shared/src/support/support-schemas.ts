import { z } from 'zod';

export const CONTACT_SUBJECTS = [
  'General Inquiry',
  'Technical Support',
  'Business Listing',
  'Feedback',
  'Advertising',
  'Other',
] as const;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

export const ZEmail = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .max(254, { error: 'Email is invalid' })
  .pipe(z.email({ error: 'Email is invalid' }));

export const ZContactRequest = z.object({
  fullName: requiredText('Full name is required', 120),
  email: ZEmail,
  subject: z.enum(CONTACT_SUBJECTS, { error: 'Please choose a subject' }),
  message: requiredText('Message is required', 5000),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;

export const ZNewsletterRequest = z.object({ email: ZEmail });
export type TNewsletterRequest = z.infer<typeof ZNewsletterRequest>;

export const CONTACT_SENT_MESSAGE =
  "Thanks! Your message has been sent. We'll reply within one business day.";
export const NEWSLETTER_SUBSCRIBED_MESSAGE = "You're subscribed! Watch your inbox for the best deals.";
