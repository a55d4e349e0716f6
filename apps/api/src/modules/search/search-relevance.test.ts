import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed-demo.js';
import { getOk, useTestApp } from '../../test/build-app.js';

/**
 * Issue 36 "Search that means what people type": what people in Kenya type, against the demo
 * catalogue a fresh `npm start` serves, each query with the stores whose offers and shop cards are
 * the right answers. Precision at 5: of the first 5 offers and the first 5 shops a query returns,
 * the share that belong to those stores (a query that returns nothing scores 0). The suite fails
 * below the figure recorded when the set landed (bench/RESULTS.md "Search relevance").
 */
const ctx = useTestApp();

/** P@5 of the whole set when it landed (issue 36); raise it when search gets better, never lower it. */
const RECORDED_PRECISION_AT_5 = 0.93;

const SPAS = ['Coral Bay Wellness Spa', 'Savannah Glow Spa'];
const BEAUTY = [...SPAS, 'Zuri Hair & Nail Lounge', 'Baobab Barbers'];
const CAR_CARE = [
  'Sparkle Car Wash & Detailing',
  'Kilimani Auto Care',
  'Rift Valley Motors Service Centre',
  'Eldoret Tyre & Alignment',
];
const FOOD = [
  "Mama Njeri's Kitchen",
  'Jikoni Grill House',
  'Highland Brew Coffee House',
  'Swahili Spice Café',
];
const FITNESS = [
  'Ironclad Gym Parklands',
  'Kilele Fitness Studio',
  'Acacia Yoga & Pilates',
  'Lakeside Physio Clinic',
];
const PHOTO = [
  'Kisumu Portrait House',
  'Lens & Light Studio',
  'Snapshot Passport Photos',
  'Jacaranda Wedding Films',
];
const GADGETS = ['Moi Avenue Phone Clinic', 'Lakeview Gadget Repairs', 'Techspot Laptop Repairs'];
const REPAIRERS = [
  ...GADGETS,
  'Mwangaza Electrical & Plumbing',
  'Hatua Shoe Repairs',
  'Sauti Sound & Screens',
  'Kilimani Auto Care',
  'Rift Valley Motors Service Centre',
  'Eldoret Tyre & Alignment',
  'Sparkle Car Wash & Detailing',
];
const WEDDINGS = [
  'Pwani Events Co.',
  'Sherehe Events & Décor',
  'Jacaranda Wedding Films',
  'Nyota Bridal House',
  'Zuri Hair & Nail Lounge',
  'Coral Bay Wellness Spa',
  'Skyline Travel Desk',
];
const VETS = ['Paws & Whiskers Vet Clinic', 'Nakuru Pet Hospital'];
const PETS = [...VETS, 'Karen Dog Grooming Parlour', 'Good Boy Dog Training'];
const TRAVEL = [
  'Nyika Trails Safaris',
  'Diani Dhow Excursions',
  'Menengai Adventure Park',
  'Skyline Travel Desk',
];
const TAILORS = ['Bespoke Threads Tailoring', 'Nyota Bridal House', 'Kitenge Couture', 'Hatua Shoe Repairs'];

interface Case {
  query: string;
  /** What kind of query it is (for the report). */
  kind: 'service' | 'typo' | 'prefix' | 'place' | 'kiswahili/sheng' | 'two words' | 'store name';
  /** The stores whose offers and shop cards answer it. */
  relevant: readonly string[];
  /** The store whose card or offer must come first. */
  first?: string;
}

const CASES: Case[] = [
  { query: 'spa', kind: 'service', relevant: BEAUTY },
  { query: 'massage', kind: 'service', relevant: SPAS },
  { query: 'facial', kind: 'service', relevant: SPAS, first: 'Savannah Glow Spa' },
  { query: 'barber', kind: 'service', relevant: ['Baobab Barbers'], first: 'Baobab Barbers' },
  { query: 'haircut', kind: 'service', relevant: ['Baobab Barbers', 'Zuri Hair & Nail Lounge'] },
  {
    query: 'braids',
    kind: 'service',
    relevant: ['Zuri Hair & Nail Lounge'],
    first: 'Zuri Hair & Nail Lounge',
  },
  { query: 'salon', kind: 'service', relevant: BEAUTY },
  { query: 'car wash', kind: 'two words', relevant: CAR_CARE },
  { query: 'carwash', kind: 'service', relevant: CAR_CARE },
  { query: 'car', kind: 'service', relevant: [...CAR_CARE, 'Safari Driving School'] },
  { query: 'mechanic', kind: 'service', relevant: CAR_CARE },
  { query: 'tyres', kind: 'service', relevant: CAR_CARE, first: 'Eldoret Tyre & Alignment' },
  { query: 'coffee', kind: 'service', relevant: ['Highland Brew Coffee House'] },
  { query: 'brunch', kind: 'service', relevant: ['Highland Brew Coffee House'] },
  { query: 'yoga', kind: 'service', relevant: FITNESS, first: 'Acacia Yoga & Pilates' },
  { query: 'gym', kind: 'service', relevant: FITNESS },
  { query: 'physio', kind: 'service', relevant: ['Lakeside Physio Clinic'] },
  { query: 'vet', kind: 'service', relevant: VETS },
  { query: 'pet', kind: 'service', relevant: PETS },
  { query: 'safari', kind: 'service', relevant: TRAVEL },
  { query: 'dog grooming', kind: 'two words', relevant: ['Karen Dog Grooming Parlour'] },
  { query: 'puppy training', kind: 'two words', relevant: ['Good Boy Dog Training'] },
  { query: 'phone repair', kind: 'two words', relevant: GADGETS },
  { query: 'screen replacement', kind: 'two words', relevant: GADGETS },
  { query: 'laptop', kind: 'service', relevant: GADGETS },
  { query: 'cctv', kind: 'service', relevant: ['Sauti Sound & Screens'] },
  { query: 'dj', kind: 'service', relevant: ['Bashment Sound & DJ Hire'], first: 'Bashment Sound & DJ Hire' },
  { query: 'wedding', kind: 'service', relevant: WEDDINGS },
  { query: 'photographer', kind: 'service', relevant: PHOTO },
  { query: 'passport photos', kind: 'two words', relevant: ['Snapshot Passport Photos'] },
  { query: 'airport transfer', kind: 'two words', relevant: ['Nyika Trails Safaris', 'Skyline Travel Desk'] },
  { query: 'dhow cruise', kind: 'two words', relevant: ['Diani Dhow Excursions'] },
  { query: 'driving lessons', kind: 'two words', relevant: ['Safari Driving School'] },
  { query: 'tuition', kind: 'service', relevant: ['Bright Minds Tuition Centre'] },
  { query: 'tailor', kind: 'service', relevant: TAILORS },
  { query: 'fumigation', kind: 'service', relevant: ['Pwani Pest Control'] },
  { query: 'plumber', kind: 'service', relevant: ['Mwangaza Electrical & Plumbing'] },
  { query: 'electrician', kind: 'service', relevant: ['Mwangaza Electrical & Plumbing'] },
  // Sheng and Kiswahili (synonym table, packages/shared search-rules).
  { query: 'kinyozi', kind: 'kiswahili/sheng', relevant: ['Baobab Barbers'], first: 'Baobab Barbers' },
  { query: 'msusi', kind: 'kiswahili/sheng', relevant: ['Zuri Hair & Nail Lounge'] },
  { query: 'fundi', kind: 'kiswahili/sheng', relevant: REPAIRERS },
  { query: 'gari', kind: 'kiswahili/sheng', relevant: [...CAR_CARE, 'Safari Driving School'] },
  { query: 'nyama choma', kind: 'kiswahili/sheng', relevant: FOOD },
  { query: 'chakula', kind: 'kiswahili/sheng', relevant: FOOD },
  { query: 'picha', kind: 'kiswahili/sheng', relevant: PHOTO },
  { query: 'harusi', kind: 'kiswahili/sheng', relevant: WEDDINGS },
  { query: 'kiswahili', kind: 'kiswahili/sheng', relevant: ['Mwalimu Language School'] },
  // Misspellings and half-typed words.
  { query: 'masage', kind: 'typo', relevant: SPAS },
  { query: 'facal', kind: 'typo', relevant: SPAS },
  { query: 'cofee', kind: 'typo', relevant: ['Highland Brew Coffee House'] },
  { query: 'barbr', kind: 'typo', relevant: ['Baobab Barbers'] },
  { query: 'tuitoin', kind: 'typo', relevant: ['Bright Minds Tuition Centre'] },
  { query: 'mas', kind: 'prefix', relevant: SPAS },
  { query: 'photog', kind: 'prefix', relevant: PHOTO },
  // Places, alone and with a service.
  { query: 'massage kilimani', kind: 'place', relevant: ['Savannah Glow Spa'], first: 'Savannah Glow Spa' },
  {
    query: 'spa mombasa',
    kind: 'place',
    relevant: ['Coral Bay Wellness Spa'],
    first: 'Coral Bay Wellness Spa',
  },
  { query: 'barber nairobi', kind: 'place', relevant: ['Baobab Barbers'], first: 'Baobab Barbers' },
  { query: 'driving school thika', kind: 'place', relevant: ['Safari Driving School'] },
  { query: 'tyres eldoret', kind: 'place', relevant: ['Eldoret Tyre & Alignment'] },
  { query: 'vet nakuru', kind: 'place', relevant: ['Nakuru Pet Hospital'], first: 'Nakuru Pet Hospital' },
  // Store names as people type them.
  { query: 'baobab', kind: 'store name', relevant: ['Baobab Barbers'], first: 'Baobab Barbers' },
  {
    query: 'mama njeri',
    kind: 'store name',
    relevant: ["Mama Njeri's Kitchen"],
    first: "Mama Njeri's Kitchen",
  },
];

type Found = {
  discounts: { title: string; store?: { name: string } }[];
  shops: { name: string }[];
};

async function search(query: string): Promise<Found> {
  return (await getOk(ctx.app, `/api/v1/search?query=${encodeURIComponent(query)}&limit=20`)) as Found;
}

/** The stores of the first 5 offers and the first 5 shops, in that order. */
function topFive(found: Found): string[] {
  return [
    ...found.discounts.slice(0, 5).map((offer) => offer.store?.name ?? ''),
    ...found.shops.slice(0, 5).map((shop) => shop.name),
  ];
}

function precisionAt5(found: Found, relevant: readonly string[]): number {
  const top = topFive(found);
  if (!top.length) return 0;
  return top.filter((store) => relevant.includes(store)).length / top.length;
}

beforeAll(async () => {
  await seedDemo(ctx.app.db, { now: new Date() });
});

describe('search relevance over the demo catalogue (issue 36)', { timeout: 240_000 }, () => {
  it("'spa' finds spas: never the 'Sparkle' car wash or 'Spay & Neuter'; 'car' never finds 'Career'", async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    const spa = await search('spa');
    expect(spa.shops.length).toBeGreaterThan(0);
    expect(spa.shops.map((shop) => shop.name)).not.toContain('Sparkle Car Wash & Detailing');
    expect(spa.discounts.map((offer) => offer.title)).not.toContain('Spay & Neuter Consultation');
    expect(spa.discounts.map((offer) => offer.store?.name)).not.toContain('Sparkle Car Wash & Detailing');
    expect(SPAS).toContain(spa.shops[0]?.name);
    const car = await search('car');
    expect(car.discounts.map((offer) => offer.title)).not.toContain('Career Guidance Session');
    // A short word the catalogue lacks is still the start of a word ('mas' -> massage).
    expect((await search('mas')).discounts.map((offer) => offer.title)).toContain(
      '60-Minute Swedish Massage',
    );
  });

  it(`precision at 5 over ${CASES.length} queries stays at or above the recorded ${RECORDED_PRECISION_AT_5}`, async () => {
    const lines: string[] = [];
    const firstMissed: string[] = [];
    let sum = 0;
    for (const item of CASES) {
      const found = await search(item.query);
      const precision = precisionAt5(found, item.relevant);
      sum += precision;
      const top = topFive(found);
      if (item.first && found.discounts[0]?.store?.name !== item.first && found.shops[0]?.name !== item.first)
        firstMissed.push(
          `${item.query}: first ${found.shops[0]?.name ?? '-'} / ${found.discounts[0]?.title ?? '-'}`,
        );
      lines.push(
        `${item.query.padEnd(22)} ${item.kind.padEnd(16)} P@5 ${precision.toFixed(2)}${precision < 1 ? `  (${top.filter((store) => !item.relevant.includes(store)).join('; ') || 'nothing found'})` : ''}`,
      );
    }
    const mean = sum / CASES.length;
    console.log(
      `search relevance: P@5 ${mean.toFixed(3)} over ${CASES.length} queries\n${lines.join('\n')}${firstMissed.length ? `\nfirst result not the expected store:\n${firstMissed.join('\n')}` : ''}`,
    );
    expect(firstMissed).toEqual([]);
    expect(mean).toBeGreaterThanOrEqual(RECORDED_PRECISION_AT_5);
  });
});
