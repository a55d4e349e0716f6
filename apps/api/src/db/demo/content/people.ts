// Data: merchants, staff names, demo reviewers, review texts and the small lists the generator draws from.

/** The demo merchant's stores (the rest are shared round-robin among the other merchants). */
export const DEMO_MERCHANT_STORES = ['Savannah Glow Spa', 'Kilimani Auto Care', 'Lens & Light Studio'];

/** Stores left without branches: the API shows them with a synthetic main branch. */
export const STORES_WITHOUT_BRANCHES = [
  'Snapshot Passport Photos',
  'Hatua Shoe Repairs',
  'Bright Minds Tuition Centre',
  'Good Boy Dog Training',
  'Highland Brew Coffee House',
];

export const OTHER_MERCHANTS: Array<[string, string]> = [
  ['James', 'Odhiambo'],
  ['Faith', 'Chebet'],
  ['Peter', 'Njoroge'],
  ['Amina', 'Hassan'],
  ['David', 'Kiprotich'],
  ['Mercy', 'Akinyi'],
  ['Samuel', 'Mutiso'],
  ['Lucy', 'Nyambura'],
  ['Omar', 'Abdalla'],
  ['Esther', 'Wambui'],
];

export const STAFF_FIRST_NAMES = [
  'Grace',
  'Brian',
  'Faith',
  'Kevin',
  'Mercy',
  'Dennis',
  'Lilian',
  'Collins',
  'Purity',
  'Victor',
  'Sharon',
  'Eric',
  'Joy',
  'Samuel',
  'Ann',
  'Felix',
  'Esther',
  'Ian',
  'Beatrice',
  'Hassan',
  'Zawadi',
  'Baraka',
  'Neema',
  'Imani',
  'Halima',
  'Juma',
  'Wanjiku',
  'Mwende',
  'Kiprono',
  'Nekesa',
];

export const STAFF_LAST_NAMES = [
  'Mwangi',
  'Otieno',
  'Kamau',
  'Ochieng',
  'Kiplagat',
  'Njoroge',
  'Mutua',
  'Chebet',
  'Omondi',
  'Kariuki',
  'Nyambura',
  'Barasa',
  'Onyango',
  'Moraa',
  'Kibet',
  'Wambui',
  'Mohamed',
  'Kilonzo',
  'Macharia',
  'Auma',
  'Rotich',
  'Gitau',
  'Wekesa',
  'Njeri',
];

export const WORKING_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];

/** Discounts drawn for offers: about one in five is a hot deal (50 % or more). */
export const DISCOUNTS = [10, 15, 15, 20, 20, 25, 25, 30, 30, 35, 35, 40, 40, 45, 50, 55, 60, 70];

export const SOCIAL_PLATFORMS = [
  'instagram',
  'facebook',
  'tiktok',
  'twitter',
  'whatsapp',
  'youtube',
  'linkedin',
] as const;

/**
 * Issue 15: the demo customers behind the catalogue's reviews, visits and follows. They can sign
 * in with the customer password, but the README's accounts (Achieng, Brian) stay untouched, so
 * the flows shown with those start from a clean history.
 */
export const DEMO_REVIEWERS: Array<[string, string]> = [
  ['Wanjiku', 'Mwangi'],
  ['Kevin', 'Ochieng'],
  ['Nafula', 'Wekesa'],
  ['Collins', 'Kiptoo'],
  ['Zawadi', 'Mwakio'],
  ['Dennis', 'Kariuki'],
  ['Halima', 'Abdi'],
  ['Victor', 'Omondi'],
  ['Njeri', 'Gathoni'],
  ['Felix', 'Wafula'],
  ['Purity', 'Muthoni'],
  ['Tony', 'Maina'],
  ['Akinyi', 'Owino'],
  ['Ian', 'Kimani'],
  ['Saida', 'Juma'],
  ['George', 'Were'],
  ['Cynthia', 'Jepkemboi'],
  ['Mark', 'Njenga'],
  ['Doreen', 'Atieno'],
  ['Elvis', 'Mutai'],
  ['Rehema', 'Salim'],
  ['Joseph', 'Kamande'],
  ['Lilian', 'Nduta'],
  ['Brian', 'Korir'],
  ['Sharon', 'Anyango'],
  ['Moses', 'Kibet'],
  ['Winnie', 'Wairimu'],
  ['Hassan', 'Mohamed'],
  ['Caroline', 'Njambi'],
  ['Stephen', 'Onyango'],
  ['Agnes', 'Chepngetich'],
  ['Paul', 'Gitau'],
  ['Mwanaisha', 'Bakari'],
  ['Kelvin', 'Macharia'],
];

/** Review texts by rating: everyday Kenyan customers writing after a visit. */
export const REVIEW_TEXTS: Record<3 | 4 | 5, string[]> = {
  5: [
    'Excellent service from start to finish. Booked on the app, they were ready for me on time. Will definitely come back.',
    'Very professional team and the place is spotless. Worth every shilling, even before the discount.',
    'I came in with the deal and they honoured it without any drama. Friendly staff, asante sana!',
    'Best in the area, honestly. They explained everything before starting and finished exactly on time.',
    'Top service. I have told my colleagues at work about them already.',
    'Parking was easy and the staff were warm and welcoming. Paid by M-Pesa, got my receipt immediately.',
    'Fantastic experience. Quick, clean and the price was exactly what the app said.',
    'They went the extra mile for me. Sasa wamepata customer wa kudumu.',
    'Came on a Saturday morning and was served in minutes. Highly recommend.',
    'Really good value with the D3 offer. Quality did not drop just because it was discounted.',
  ],
  4: [
    'Good service and fair prices. I waited about 15 minutes past my slot but the result was great.',
    'Friendly staff and a clean place. Would be five stars if the reception was a bit faster.',
    'Solid job overall. Parking is a bit tight around there, so come early.',
    'Happy with the service. They were honest about what I needed and did not upsell.',
    'Nice experience. The booking was smooth, only the M-Pesa confirmation took a while at the till.',
    'Good value for money with the deal. I will book again next month.',
    'They know their work. The place was busy but they still took their time with me.',
    'Pleasant staff, good work. The waiting area could use a few more seats.',
  ],
  3: [
    'The service itself was okay but I waited almost 40 minutes even with a booking.',
    'Decent, nothing special. The discount made it worth it, but I expected a bit more care.',
    'Average experience. The staff were polite but seemed rushed because of the lunchtime crowd.',
    'Okay for the price. Traffic on the road there is bad, so plan your time.',
    'Work was fine, but they asked me to pay cash instead of M-Pesa which was inconvenient.',
  ],
};

/** The store's answers to some reviews. */
export const REVIEW_RESPONSES: Record<3 | 4 | 5, string[]> = {
  5: [
    'Thank you so much for the kind words! We look forward to seeing you again.',
    'Asante sana! It was a pleasure serving you.',
  ],
  4: [
    'Thank you for the feedback. We are working on shorter waiting times at the front desk.',
    'Glad you enjoyed the visit! See you next time.',
  ],
  3: [
    'Sorry about the wait. We have added staff on busy days, please give us another try.',
    'Thank you for the honest feedback, we have shared it with the team.',
  ],
};
