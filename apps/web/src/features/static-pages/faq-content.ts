import { FEES_SUMMARY } from '../../lib/site-links';

export interface FaqItem {
  question: string;
  answer: string;
}

export interface FaqCategory {
  id: string;
  title: string;
  items: FaqItem[];
}

/** The six categories of seed 000 §2 "Static pages", answered for how D3 Deals really works. */
export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'general',
    title: 'General',
    items: [
      {
        question: 'What is D3 Deals?',
        answer:
          'D3 Deals is a Kenyan marketplace where stores and service providers publish discounted offers and bookable services. You find a deal, book a time that suits you and enjoy the service at the store.',
      },
      {
        question: 'Is D3 Deals free to use?',
        answer: `Browsing, searching, saving favourites, following stores and posting service requests are free. ${FEES_SUMMARY}`,
      },
      {
        question: 'Which areas do you cover?',
        answer:
          'We started in Nairobi and list providers across Kenya. Use the location selector at the top of the page to see deals near you, or choose All Locations to see everything.',
      },
      {
        question: 'Do I need an account?',
        answer:
          'You can browse deals and stores without one. To book, save favourites, follow stores, chat with a store or post a service request, create a free account.',
      },
    ],
  },
  {
    id: 'booking',
    title: 'Booking & Services',
    items: [
      {
        question: 'How do I book an offer?',
        answer:
          'Open the offer and choose BOOK THIS OFFER. Pick a date and time, choose the branch (and a staff member if you like), then review your booking and pay the access fee with M-Pesa. Your booking then appears in My Bookings.',
      },
      {
        question: 'What is the difference between an offer and a service?',
        answer:
          'An offer is a time-limited discount from a store, such as 40% off a massage. A service is something a store always provides at its listed price or by custom quote. Offer bookings carry a small access fee; service bookings have none.',
      },
      {
        question: 'Can I cancel or reschedule a booking?',
        answer:
          'Yes, from My Bookings. You can cancel a pending or confirmed booking up to 2 hours before it starts (some services ask for more notice, which is shown on the service). You can reschedule up to 1 hour before the start, subject to availability.',
      },
      {
        question: 'What happens after I book?',
        answer:
          'Many stores confirm bookings instantly. Others review them by hand and confirm within 24 hours; you are notified either way. Please arrive about 10 minutes early and show your booking at the store.',
      },
      {
        question: 'What is a service request?',
        answer:
          'If you cannot find what you need, post a service request describing the job, your budget and your timeline. Providers send you quotes, and you accept the one that suits you best.',
      },
    ],
  },
  {
    id: 'payments',
    title: 'Payments & Pricing',
    items: [
      {
        question: 'How do I pay?',
        answer: `${FEES_SUMMARY} The access fee is paid with an M-Pesa prompt sent to your phone; card payments are coming soon.`,
      },
      {
        question: 'How much is the access fee?',
        answer:
          'It is 15% of the amount the offer saves you, rounded up to the next shilling, and it is shown on the Pay button before you pay. Offers without a listed original price have a flat fee of KES 6.',
      },
      {
        question: 'What if my M-Pesa payment fails?',
        answer:
          'Your chosen time is held while the M-Pesa prompt is pending. If the payment fails or is not completed in time, the hold is released and the booking is cancelled, and you can simply try again.',
      },
      {
        question: 'Are there any hidden charges?',
        answer:
          'No. The only charge you pay through D3 Deals is the access fee on offer bookings, shown before you pay. Everything else is paid to the store, at the discounted price shown on the offer.',
      },
    ],
  },
  {
    id: 'account',
    title: 'Account & Profile',
    items: [
      {
        question: 'How do I create an account?',
        answer:
          'Choose Sign In, then Sign Up. Enter your name, email, phone number and a password of at least 8 characters, or continue with Google. We then send a 6-digit code by SMS to verify your phone number.',
      },
      {
        question: "I didn't receive my verification code. What now?",
        answer:
          'Check that your phone number is correct and that your phone has signal. After 60 seconds you can choose Resend OTP to get a new code.',
      },
      {
        question: 'How do I reset my password?',
        answer:
          'On the sign-in page choose to reset your password, enter your email address, and follow the code we send you to set a new password.',
      },
      {
        question: 'How do referral rewards work?',
        answer:
          'Share your referral link from Referral Rewards in your profile. When someone signs up with your link and completes an offer booking, you earn 30% of the access fee they paid.',
      },
      {
        question: 'How do I delete my account?',
        answer:
          'Send a request through Contact Us from the email address on your account. We will delete your account and personal data, except records we must keep by law, as set out in our Privacy Policy.',
      },
    ],
  },
  {
    id: 'reviews',
    title: 'Reviews & Communication',
    items: [
      {
        question: 'Who can write a review?',
        answer:
          'Any signed-in customer can review a store: a rating from 1 to 5 stars and a comment of up to 500 characters. You can write one review per store and edit it at any time.',
      },
      {
        question: 'How do I contact a store?',
        answer:
          'Open the store and choose Chat to message it directly. Messages arrive in real time, and you can share images. All your conversations are under Chat.',
      },
      {
        question: 'How will I be notified about my bookings?',
        answer:
          'The bell at the top of the page shows updates about bookings, messages, quotes and stores you follow. You choose which notifications you get in Profile & Settings.',
      },
    ],
  },
  {
    id: 'providers',
    title: 'For Service Providers',
    items: [
      {
        question: 'How do I list my business?',
        answer:
          'Choose List Your Business to create a merchant account. Then add your store, branches, staff, services and offers from the merchant dashboard.',
      },
      {
        question: 'What does listing cost?',
        answer:
          'A basic listing is free. Paid premium features are available if you want extra visibility; you choose whether to use them.',
      },
      {
        question: 'How do I get paid?',
        answer:
          'Customers pay you the discounted price directly at your store. The access fee on offer bookings goes to D3 Deals and is never deducted from your price.',
      },
      {
        question: 'How do I respond to service requests?',
        answer:
          'Browse open service requests and send a quote with your price, availability and a short message. If the customer accepts, you will be notified and can chat to arrange the details.',
      },
    ],
  },
];

/** Case-insensitive match on question or answer; categories with no match are left out. */
export function filterFaq(categories: FaqCategory[], query: string): FaqCategory[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return categories;
  return categories
    .map((category) => ({
      ...category,
      items: category.items.filter(
        (item) =>
          item.question.toLocaleLowerCase().includes(needle) ||
          item.answer.toLocaleLowerCase().includes(needle),
      ),
    }))
    .filter((category) => category.items.length > 0);
}
