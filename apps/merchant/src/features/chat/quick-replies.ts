/**
 * Seed 001 §9: "Quick replies: 8 for customers, 8 for merchants" and a canned merchant reply that
 * "mentions free delivery over KES 2,000 and hours Monday to Friday 9 AM to 6 PM". The seeds do not
 * show the texts; these are ours (docs/decisions.md). A click puts the text in the box to edit or send.
 */
export const MERCHANT_QUICK_REPLIES = [
  'Hello! Thanks for reaching out. How can we help you today?',
  'Yes, we have availability. Which day and time suit you?',
  'Your booking is confirmed. We look forward to seeing you!',
  'Please arrive 10 minutes before your appointment.',
  'We accept M-Pesa and cash at the store.',
  'Let me check and get back to you shortly.',
  'Sorry, we are fully booked then. Would another time work for you?',
  'Thank you for choosing us! We hope to see you again soon.',
] as const;

export const MERCHANT_CANNED_REPLY =
  'Thank you for your message! We offer free delivery on orders over KES 2,000. Our hours are Monday to Friday, 9 AM to 6 PM. We will get back to you shortly.';
