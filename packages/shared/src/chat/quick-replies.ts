/**
 * Seed 000 §9 / 001 §9: "customer and merchant quick replies are 8 each (texts not shown)" and a
 * canned merchant reply that "mentions free delivery over KES 2,000 and hours Monday to Friday 9 AM
 * to 6 PM". The seeds do not show the texts; these are ours (docs/decisions.md). A tap puts the
 * text in the message box to edit or send. One list per side, shared by both sites and their tests.
 */
export const CUSTOMER_QUICK_REPLIES = [
  'Hi! Is this offer still available?',
  'What times do you have free this week?',
  'How much does it cost after the discount?',
  'Where exactly are you located?',
  'Do I need to book in advance?',
  'Can I pay with M-Pesa?',
  'I am running a few minutes late.',
  'Thank you!',
] as const;

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
