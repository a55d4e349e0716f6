// Data: the open service requests, chat lines and referral story of the demo marketplace (issue 36).

export interface RequestSeed {
  title: string;
  /** A category name of the catalogue: quotes come from its stores. */
  category: string;
  description: string;
  budget: [number, number];
  timeline: 'urgent' | 'thisweek' | 'nextweek' | 'thismonth' | 'flexible';
  location: string;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  /** Days since it was posted. */
  daysAgo: number;
}

/** The first is Achieng's (the demo customer): she can accept or reject its quotes. */
export const OPEN_REQUESTS: RequestSeed[] = [
  {
    title: 'Bridal hair and make-up for a December wedding',
    category: 'Beauty & Spa',
    description:
      'Looking for a stylist for the bride and two bridesmaids on 14 December, at home in Kilimani from 7 am.',
    budget: [8000, 15000],
    timeline: 'thismonth',
    location: 'Kilimani, Nairobi',
    priority: 'high',
    daysAgo: 2,
  },
  {
    title: 'Full service for a 2015 Toyota Fielder',
    category: 'Automotive',
    description: 'Oil and filters, brake check and a wheel alignment. Pick-up from Westlands would be ideal.',
    budget: [6000, 12000],
    timeline: 'thisweek',
    location: 'Westlands, Nairobi',
    priority: 'normal',
    daysAgo: 1,
  },
  {
    title: 'Family photo shoot at Karura Forest',
    category: 'Photography',
    description: 'One-hour outdoor shoot for a family of five, edited pictures within a week.',
    budget: [5000, 10000],
    timeline: 'nextweek',
    location: 'Karura Forest, Nairobi',
    priority: 'normal',
    daysAgo: 3,
  },
  {
    title: 'Deep clean of a three-bedroom apartment',
    category: 'Home Services',
    description: 'Moving out at the end of the month: kitchen, bathrooms, windows and carpets.',
    budget: [4000, 9000],
    timeline: 'thismonth',
    location: 'South B, Nairobi',
    priority: 'low',
    daysAgo: 4,
  },
  {
    title: 'Personal trainer for three sessions a week',
    category: 'Health & Fitness',
    description: 'Weight loss and strength, early mornings before work, at a gym near Upper Hill.',
    budget: [10000, 20000],
    timeline: 'flexible',
    location: 'Upper Hill, Nairobi',
    priority: 'normal',
    daysAgo: 5,
  },
  {
    title: 'Catering for a birthday lunch of 30 guests',
    category: 'Food & Dining',
    description: 'Nyama choma, pilau and salads for a garden party on a Saturday afternoon.',
    budget: [25000, 45000],
    timeline: 'nextweek',
    location: 'Karen, Nairobi',
    priority: 'urgent',
    daysAgo: 1,
  },
];

export const QUOTE_MESSAGES = [
  'We have done many of these and would love to help. The price covers everything listed in your request.',
  'Our team is available on your dates. We bring our own supplies and you only pay once you are happy.',
  'Happy to take this on. We can start at short notice and our work comes with a satisfaction guarantee.',
];

export const QUOTE_AVAILABILITY = [
  'Weekdays 8 am to 6 pm',
  'Any day this week',
  'Weekends only',
  'From Monday',
];

export const QUOTE_DURATIONS = ['2 hours', 'Half a day', 'One day', '3 hours'];

/** Chat lines of a conversation, customer (c) and store (m) in turn; the last store line may be unread. */
export const CHAT_THREADS: Array<Array<['c' | 'm', string]>> = [
  [
    ['c', 'Hi! Is the massage offer still available this weekend?'],
    ['m', 'Hello! Yes it is. We have Saturday at 11 am or 3 pm free.'],
    ['c', 'Saturday at 3 pm works. Do I need to bring anything?'],
    ['m', 'Nothing at all, just arrive 10 minutes early. See you then!'],
  ],
  [
    ['c', 'Do you also do wheel alignment?'],
    ['m', 'We do, KSh 2,500 for a saloon car. It takes about 45 minutes.'],
  ],
  [
    ['c', 'Can I pay with M-Pesa at the studio?'],
    ['m', 'Yes, M-Pesa and cash are both fine.'],
    ['c', 'Thank you!'],
  ],
];

/** How many demo customers Achieng referred, each of whom completed a paid offer booking. */
export const REFERRED_CUSTOMERS = 4;
