import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../modules/accounts/accounts-service.js';
import { refreshManyStoreFigures } from '../modules/engagement/reviews-service.js';
import type { Db } from './client.js';
import {
  bookings,
  branches,
  categories,
  locations,
  merchants,
  offers,
  reviews,
  services,
  staff,
  staffServices,
  storeFollows,
  storeSocialLinks,
  stores,
  users,
} from './schema/index.js';

/**
 * The demo catalogue loaded into an empty database on first start (SEED_DEMO): a believable
 * Kenyan marketplace so every screen has something real to show. Deterministic: a seeded PRNG
 * drives every choice, and dates are relative to `now`, so each run yields the same catalogue.
 * Issue 15: a lived-in marketplace. Demo customers (not the sign-in accounts) have past completed
 * visits at most stores, reviewed many of them (3-5 stars) and follow some. Store ratings, review
 * counts and followers are never written here: the engagement module recomputes them from those
 * review and follow rows, so badges and Top Stores show figures the product computed.
 */

export interface DemoAccount {
  role: 'customer' | 'merchant';
  name: string;
  email: string;
  password: string;
}

/** Printed by the server at start-up (not in production) so a visitor can sign in at once. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: 'customer',
    name: 'Achieng Otieno',
    email: 'customer@d3deals.co.ke',
    password: 'DemoCustomer#2026',
  },
  { role: 'customer', name: 'Brian Mutua', email: 'brian@d3deals.co.ke', password: 'DemoCustomer#2026' },
  { role: 'merchant', name: 'Wanjiru Kamau', email: 'merchant@d3deals.co.ke', password: 'DemoMerchant#2026' },
];

const CUSTOMER_PASSWORD = 'DemoCustomer#2026';
const MERCHANT_PASSWORD = 'DemoMerchant#2026';
/** Serialises concurrent first starts of several instances on one PostgreSQL. */
const SEED_LOCK_KEY = 7_302_026;
const BATCH_SIZE = 200;

// ---------------------------------------------------------------------------------------------
// Content
// ---------------------------------------------------------------------------------------------

interface LocationSeed {
  id: string;
  name: string;
  area: string;
  latitude: number;
  longitude: number;
  streets: string[];
}

const LOCATIONS: LocationSeed[] = [
  {
    id: 'nairobi-cbd',
    name: 'Nairobi CBD',
    area: 'Nairobi',
    latitude: -1.2864,
    longitude: 36.8172,
    streets: ['Moi Avenue', 'Kimathi Street', 'Tom Mboya Street', 'Kenyatta Avenue', 'Muindi Mbingu Street'],
  },
  {
    id: 'westlands',
    name: 'Westlands',
    area: 'Nairobi',
    latitude: -1.2676,
    longitude: 36.8108,
    streets: ['Waiyaki Way', 'Woodvale Grove', 'Mpaka Road', 'Ring Road Westlands'],
  },
  {
    id: 'kilimani',
    name: 'Kilimani',
    area: 'Nairobi',
    latitude: -1.2906,
    longitude: 36.787,
    streets: ['Ngong Road', 'Argwings Kodhek Road', 'Lenana Road', 'Kindaruma Road'],
  },
  {
    id: 'karen',
    name: 'Karen',
    area: 'Nairobi',
    latitude: -1.3197,
    longitude: 36.7076,
    streets: ['Karen Road', 'Langata Road', 'Dagoretti Road', 'Ngong Road'],
  },
  {
    id: 'kileleshwa',
    name: 'Kileleshwa',
    area: 'Nairobi',
    latitude: -1.2819,
    longitude: 36.7847,
    streets: ['Othaya Road', 'Laikipia Road', 'Mandera Road'],
  },
  {
    id: 'parklands',
    name: 'Parklands',
    area: 'Nairobi',
    latitude: -1.2612,
    longitude: 36.8156,
    streets: ['Limuru Road', 'Parklands Road', '3rd Parklands Avenue'],
  },
  {
    id: 'lavington',
    name: 'Lavington',
    area: 'Nairobi',
    latitude: -1.2776,
    longitude: 36.7681,
    streets: ['James Gichuru Road', 'Gitanga Road', 'Muthangari Drive'],
  },
  {
    id: 'south-b',
    name: 'South B',
    area: 'Nairobi',
    latitude: -1.3094,
    longitude: 36.8353,
    streets: ['Mombasa Road', 'Mchumbi Road', 'Daidai Road'],
  },
  {
    id: 'upper-hill',
    name: 'Upper Hill',
    area: 'Nairobi',
    latitude: -1.2985,
    longitude: 36.8163,
    streets: ['Hospital Road', 'Ralph Bunche Road', 'Matumbato Road'],
  },
  {
    id: 'gigiri',
    name: 'Gigiri',
    area: 'Nairobi',
    latitude: -1.2335,
    longitude: 36.8046,
    streets: ['United Nations Avenue', 'Limuru Road'],
  },
  {
    id: 'kasarani',
    name: 'Kasarani',
    area: 'Nairobi',
    latitude: -1.221,
    longitude: 36.898,
    streets: ['Thika Road', 'Mwiki Road', 'Kasarani Road'],
  },
  {
    id: 'embakasi',
    name: 'Embakasi',
    area: 'Nairobi',
    latitude: -1.32,
    longitude: 36.9,
    streets: ['Outer Ring Road', 'Airport North Road'],
  },
  {
    id: 'mombasa',
    name: 'Mombasa',
    area: 'Mombasa',
    latitude: -4.0435,
    longitude: 39.6682,
    streets: ['Moi Avenue', 'Nyali Road', 'Links Road', 'Digo Road'],
  },
  {
    id: 'kisumu',
    name: 'Kisumu',
    area: 'Kisumu',
    latitude: -0.0917,
    longitude: 34.768,
    streets: ['Oginga Odinga Street', 'Jomo Kenyatta Highway', "Ang'awa Avenue"],
  },
  {
    id: 'nakuru',
    name: 'Nakuru',
    area: 'Nakuru',
    latitude: -0.3031,
    longitude: 36.08,
    streets: ['Kenyatta Avenue', 'Moi Road', 'Oginga Odinga Road'],
  },
  {
    id: 'eldoret',
    name: 'Eldoret',
    area: 'Uasin Gishu',
    latitude: 0.5143,
    longitude: 35.2698,
    streets: ['Uganda Road', 'Oloo Street', 'Kenyatta Street'],
  },
  {
    id: 'thika',
    name: 'Thika',
    area: 'Kiambu',
    latitude: -1.0333,
    longitude: 37.0693,
    streets: ['Kenyatta Highway', 'Garissa Road', 'Commercial Street'],
  },
];

type Duration = 30 | 45 | 60 | 90 | 120;

interface OfferSeed {
  title: string;
  description: string;
  /** The offer covers this many sessions of the service (price × times). */
  times?: number;
}

interface ServiceSeed {
  name: string;
  description: string;
  duration: Duration;
  /** Fixed price range to draw from; absent for quote-based (dynamic) services. */
  price?: [number, number];
  /** Display text for dynamic services. */
  priceRange?: string;
  features: string[];
  requirements: string[];
  offers: [OfferSeed, OfferSeed];
}

interface ExtraOfferSeed extends OfferSeed {
  price: [number, number];
}

interface StoreSeed {
  name: string;
  location: string;
  description: string;
  /** Indexes into the category's services. */
  services: number[];
}

interface CategorySeed {
  id: string;
  name: string;
  icon: string;
  hue: number;
  roles: string[];
  hours: Array<[string, string]>;
  services: ServiceSeed[];
  extras: ExtraOfferSeed[];
  stores: StoreSeed[];
}

const CATEGORIES: CategorySeed[] = [
  {
    id: 'beauty-spa',
    name: 'Beauty & Spa',
    icon: 'sparkles',
    hue: 330,
    roles: ['Stylist', 'Therapist', 'Nail Technician', 'Barber', 'Beautician'],
    hours: [
      ['08:00', '19:00'],
      ['09:00', '20:00'],
      ['07:30', '18:30'],
    ],
    services: [
      {
        name: 'Full Body Swedish Massage',
        description:
          'A 60-minute full body massage with long, flowing strokes to ease tension and improve circulation.',
        duration: 60,
        price: [3500, 6500],
        features: ['Choice of aromatherapy oil', 'Hot towel finish', 'Private treatment room'],
        requirements: ['Arrive 10 minutes early', 'Tell the therapist about any injuries'],
        offers: [
          {
            title: '60-Minute Swedish Massage',
            description: 'Unwind with a full body Swedish massage using warm shea and coconut oil.',
          },
          {
            title: 'Relaxation Massage with Aromatherapy',
            description: 'A soothing massage with your choice of eucalyptus, lavender or lemongrass oil.',
          },
        ],
      },
      {
        name: 'Deep Cleansing Facial',
        description:
          'Skin analysis, double cleanse, gentle extraction and a hydrating mask suited to your skin type.',
        duration: 60,
        price: [2500, 5000],
        features: ['Skin analysis', 'Gentle extraction', 'Hydrating mask'],
        requirements: ['Avoid exfoliating the day before'],
        offers: [
          {
            title: 'Deep Cleansing Facial & Skin Analysis',
            description: 'Clear, refreshed skin with a facial tailored after a short skin analysis.',
          },
          {
            title: 'Glow Facial for Two',
            description: 'Bring a friend: two deep cleansing facials booked back to back.',
            times: 2,
          },
        ],
      },
      {
        name: 'Knotless Braids (Shoulder Length)',
        description:
          'Neat, lightweight knotless braids done by experienced braiders; hair extensions included.',
        duration: 120,
        price: [3500, 7000],
        features: ['Extensions included', 'Scalp treatment', 'Edge styling'],
        requirements: ['Come with washed and detangled hair'],
        offers: [
          {
            title: 'Knotless Braids with Extensions',
            description: 'Shoulder-length knotless braids, extensions included.',
          },
          {
            title: 'Braids & Scalp Treatment Combo',
            description: 'Knotless braids finished with a soothing tea tree scalp treatment.',
          },
        ],
      },
      {
        name: 'Gel Manicure & Pedicure',
        description: 'Shaping, cuticle care and long-lasting gel colour on hands and feet.',
        duration: 90,
        price: [1500, 3000],
        features: ['Sterilised tools', 'Over 60 gel colours', 'Hand and foot massage'],
        requirements: ['Remove old gel polish or allow 15 extra minutes'],
        offers: [
          {
            title: 'Gel Mani-Pedi Combo',
            description: 'Gel manicure and pedicure with a relaxing foot soak.',
          },
          { title: 'Midweek Nail Treat', description: 'Gel colour on hands and feet, Tuesday to Thursday.' },
        ],
      },
      {
        name: "Men's Haircut & Beard Trim",
        description: 'A sharp cut of your choice with a beard line-up and hot towel.',
        duration: 45,
        price: [500, 1200],
        features: ['Fade or classic cut', 'Beard line-up', 'Hot towel'],
        requirements: [],
        offers: [
          {
            title: 'Haircut & Beard Sculpt',
            description: 'A fresh fade or classic cut plus a sculpted beard.',
          },
          { title: 'Lunch-Hour Trim', description: 'Quick haircut and line-up between 12:00 and 14:00.' },
        ],
      },
      {
        name: 'Hot Towel Shave',
        description: 'A traditional straight-razor shave with hot towels and soothing aftershave balm.',
        duration: 30,
        price: [500, 900],
        features: ['Straight razor', 'Hot and cold towels', 'Aftershave balm'],
        requirements: [],
        offers: [
          { title: 'Classic Hot Towel Shave', description: 'A close, smooth shave the traditional way.' },
          { title: 'Shave & Face Mask', description: 'Hot towel shave finished with a charcoal face mask.' },
        ],
      },
    ],
    extras: [
      {
        title: 'Spa Day: Massage, Facial & Lunch',
        description: 'A half-day retreat with a massage, a facial and a light lunch.',
        price: [8000, 14000],
      },
      {
        title: 'Bridal Glam Trial Session',
        description: 'Try your wedding make-up and hair before the big day.',
        price: [5000, 9000],
      },
      {
        title: 'Eyebrow Shaping & Tint',
        description: 'Threading or waxing with a tint to frame your face.',
        price: [800, 1500],
      },
    ],
    stores: [
      {
        name: 'Savannah Glow Spa',
        location: 'kilimani',
        description:
          'A calm day spa off Ngong Road offering massages, facials and body scrubs with locally sourced shea and coconut oils. Walk-ins are welcome on weekdays.',
        services: [0, 1],
      },
      {
        name: 'Zuri Hair & Nail Lounge',
        location: 'westlands',
        description:
          'Natural hair care, braiding and gel manicures by experienced stylists. We use sulphate-free products and sterilise every tool between clients.',
        services: [2, 3],
      },
      {
        name: 'Baobab Barbers',
        location: 'nairobi-cbd',
        description:
          'A busy barbershop on Moi Avenue for sharp fades, beard sculpting and hot-towel shaves. Quick service for the lunch-hour crowd.',
        services: [4, 5],
      },
      {
        name: 'Coral Bay Wellness Spa',
        location: 'mombasa',
        description:
          'Beach-inspired treatments in Nyali, from Swedish massage to aromatherapy facials. Couples rooms are available on request.',
        services: [0, 1, 3],
      },
    ],
  },
  {
    id: 'health-fitness',
    name: 'Health & Fitness',
    icon: 'dumbbell',
    hue: 140,
    roles: ['Trainer', 'Physiotherapist', 'Yoga Instructor', 'Nutritionist'],
    hours: [
      ['06:00', '21:00'],
      ['05:30', '22:00'],
      ['08:00', '18:00'],
    ],
    services: [
      {
        name: 'Personal Training Session',
        description: 'One-on-one coaching built around your goals, starting with a short fitness assessment.',
        duration: 60,
        price: [1500, 3500],
        features: ['Fitness assessment', 'Tailored workout plan', 'Progress tracking'],
        requirements: ['Bring training shoes and a water bottle'],
        offers: [
          {
            title: 'Personal Training: 4-Session Starter Pack',
            description: 'Four coached sessions to build a routine that sticks.',
            times: 4,
          },
          {
            title: 'First Personal Training Session',
            description: 'Meet your trainer, set goals and get a plan you can follow.',
          },
        ],
      },
      {
        name: 'Small-Group HIIT Class',
        description: 'A high-energy interval class of up to 12 people, scaled to every fitness level.',
        duration: 45,
        price: [800, 1500],
        features: ['Maximum 12 people', 'Heart-rate tracking', 'All equipment provided'],
        requirements: ['Bring a towel'],
        offers: [
          {
            title: 'HIIT Class 10-Pass',
            description: 'Ten HIIT classes to use within two months.',
            times: 10,
          },
          {
            title: 'Weekend HIIT Drop-In',
            description: 'A Saturday or Sunday morning class to start the weekend.',
          },
        ],
      },
      {
        name: 'Body Composition Analysis',
        description: 'A body scan showing muscle, fat and water balance, explained by a coach.',
        duration: 30,
        price: [1000, 2000],
        features: ['Printed report', 'Coach walkthrough'],
        requirements: ['Avoid eating 2 hours before the scan'],
        offers: [
          {
            title: 'Body Composition Scan & Nutrition Chat',
            description: 'Know your numbers and get simple nutrition tips.',
          },
          {
            title: 'Before-and-After Scan Pair',
            description: 'Two scans eight weeks apart to track progress.',
            times: 2,
          },
        ],
      },
      {
        name: 'Yoga Class',
        description: 'A 60-minute class in a quiet garden studio; mats and props provided.',
        duration: 60,
        price: [1000, 2000],
        features: ['Mats and props provided', 'Beginner friendly', 'Small classes'],
        requirements: ['Eat lightly before class'],
        offers: [
          {
            title: 'Beginner Yoga: 5-Class Pass',
            description: 'Five classes to learn the basics at your pace.',
            times: 5,
          },
          { title: 'Sunrise Yoga Drop-In', description: 'An early morning flow to start the day calm.' },
        ],
      },
      {
        name: 'Physiotherapy Session',
        description: 'Assessment and treatment by a registered physiotherapist for pain, injury or recovery.',
        duration: 45,
        price: [2500, 4500],
        features: ['Registered physiotherapist', 'Home exercise plan'],
        requirements: ['Bring any scans or doctor’s notes', 'Wear loose clothing'],
        offers: [
          { title: 'Sports Injury Assessment', description: 'Find out what is wrong and how to fix it.' },
          {
            title: 'Back Pain Relief Session',
            description: 'Hands-on treatment and exercises for lower back pain.',
          },
        ],
      },
    ],
    extras: [
      {
        title: 'Nutrition Consultation with Meal Plan',
        description: 'A one-hour consultation and a two-week Kenyan-food meal plan.',
        price: [2500, 5000],
      },
      {
        title: 'Couples Fitness Assessment',
        description: 'Fitness tests and goal setting for two.',
        price: [3000, 5000],
      },
      {
        title: 'Corporate Wellness Morning for 5',
        description: 'A morning workout and health talk for a team of five.',
        price: [10000, 18000],
      },
    ],
    stores: [
      {
        name: 'Kilele Fitness Studio',
        location: 'kileleshwa',
        description:
          'A bright boutique gym with small-group HIIT, strength and spin classes. Trainers build a plan around your goals after a free assessment.',
        services: [0, 1, 2],
      },
      {
        name: 'Acacia Yoga & Pilates',
        location: 'karen',
        description:
          'Yoga and mat Pilates in a garden studio in Karen. Classes for beginners, prenatal clients and seasoned practitioners.',
        services: [3, 1],
      },
      {
        name: 'Lakeside Physio Clinic',
        location: 'kisumu',
        description:
          'Registered physiotherapists treating sports injuries, back pain and post-surgery rehabilitation. Home visits are available within Kisumu town.',
        services: [4],
      },
      {
        name: 'Ironclad Gym Parklands',
        location: 'parklands',
        description:
          'A fully equipped strength gym open early and late, with personal trainers on the floor at peak hours.',
        services: [0, 2],
      },
    ],
  },
  {
    id: 'food-dining',
    name: 'Food & Dining',
    icon: 'utensils',
    hue: 25,
    roles: ['Chef', 'Sous Chef', 'Waiter', 'Barista', 'Pastry Chef'],
    hours: [
      ['10:00', '22:00'],
      ['07:00', '21:00'],
      ['11:00', '23:00'],
    ],
    services: [
      {
        name: "Chef's Tasting Menu for Two",
        description: 'Five seasonal courses from our chef, served at a reserved table with a welcome drink.',
        duration: 120,
        price: [5000, 9000],
        features: ['Five courses', 'Welcome drink', 'Reserved table'],
        requirements: ['Book at least 24 hours ahead', 'Tell us about any allergies'],
        offers: [
          {
            title: "Chef's Tasting Menu for Two",
            description: 'Five courses of modern Kenyan cooking for two.',
          },
          {
            title: 'Anniversary Dinner for Two',
            description: 'A candle-lit tasting menu with dessert to share.',
          },
        ],
      },
      {
        name: 'Kenyan Cooking Class',
        description: 'Learn to cook pilau, chapati and kachumbari with our chefs, then eat what you made.',
        duration: 120,
        price: [2500, 4500],
        features: ['All ingredients included', 'Recipe cards to take home', 'Lunch included'],
        requirements: ['Closed shoes in the kitchen'],
        offers: [
          {
            title: 'Pilau & Chapati Cooking Class',
            description: 'Hands-on class ending with a shared meal.',
          },
          {
            title: 'Weekend Cooking Class for Two',
            description: 'Cook together on a Saturday and take the recipes home.',
            times: 2,
          },
        ],
      },
      {
        name: 'Private Dining for Groups',
        description: 'A private room and set menu for birthdays, office dinners and family gatherings.',
        duration: 120,
        priceRange: 'KES 10,000 – 40,000',
        features: ['Private room', 'Custom set menu', 'Dedicated waiter'],
        requirements: ['Confirm guest numbers 48 hours ahead'],
        offers: [
          {
            title: 'Private Dining for Groups',
            description: 'Plan a group dinner with a custom menu; price depends on guests and menu.',
          },
          { title: 'Office Party Dining Package', description: 'A set menu and private room for your team.' },
        ],
      },
      {
        name: 'Coffee Cupping Experience',
        description:
          'Taste single-origin Kenyan coffees side by side and learn how each is grown and roasted.',
        duration: 60,
        price: [1000, 2000],
        features: ['Four single-origin coffees', 'Brewing demonstration'],
        requirements: [],
        offers: [
          {
            title: 'Coffee Cupping & Brewing Workshop',
            description: 'Taste, compare and learn to brew at home.',
          },
          {
            title: 'Barista Basics Morning',
            description: 'Learn espresso and milk texturing from our baristas.',
          },
        ],
      },
      {
        name: 'Nyama Choma Platter for Four',
        description: 'Charcoal-grilled goat and beef with ugali, kachumbari and greens for four people.',
        duration: 90,
        price: [3500, 6000],
        features: ['Serves four', 'Ugali and greens included', 'Reserved table'],
        requirements: [],
        offers: [
          {
            title: 'Nyama Choma Feast for Four',
            description: 'A generous grilled platter for four with sides.',
          },
          { title: 'Friday Grill Platter', description: 'End the week with grilled meat and cold drinks.' },
        ],
      },
    ],
    extras: [
      {
        title: 'Weekday Lunch Buffet',
        description: 'An all-you-can-eat lunch buffet, Monday to Friday.',
        price: [800, 1500],
      },
      {
        title: 'Sunday Family Brunch for Four',
        description: 'A relaxed brunch with juices and pastries for the family.',
        price: [4000, 7000],
      },
      {
        title: 'Breakfast for Two',
        description: 'A full breakfast with coffee or tea for two.',
        price: [1200, 2500],
      },
    ],
    stores: [
      {
        name: "Mama Njeri's Kitchen",
        location: 'nairobi-cbd',
        description:
          'Home-style Kenyan cooking near Kenyatta Avenue: pilau, matoke, managu and slow-cooked beef stew. The lunch special changes every day.',
        services: [1, 4],
      },
      {
        name: 'Jikoni Grill House',
        location: 'lavington',
        description:
          'Charcoal-grilled nyama choma, tilapia and vegetable skewers served on a leafy terrace. Private dining for groups of up to 20.',
        services: [4, 2, 0],
      },
      {
        name: 'Swahili Spice Café',
        location: 'mombasa',
        description:
          'Coastal classics such as biryani, samaki wa kupaka and mahamri with spiced chai, cooked the Old Town way.',
        services: [0, 1],
      },
      {
        name: 'Highland Brew Coffee House',
        location: 'nakuru',
        description:
          'Single-origin Kenyan coffee roasted in-house, fresh pastries and all-day breakfast on Kenyatta Avenue.',
        services: [3],
      },
    ],
  },
  {
    id: 'automotive',
    name: 'Automotive',
    icon: 'car',
    hue: 210,
    roles: ['Mechanic', 'Auto Electrician', 'Detailer', 'Service Advisor'],
    hours: [
      ['08:00', '18:00'],
      ['07:30', '17:30'],
      ['08:00', '19:00'],
    ],
    services: [
      {
        name: 'Full Car Service',
        description: 'Oil and filter change, a 25-point inspection and a diagnostic scan for most makes.',
        duration: 120,
        price: [6000, 14000],
        features: ['Engine oil and filter change', '25-point inspection', 'Diagnostic scan'],
        requirements: ['Bring your service book if you have one'],
        offers: [
          {
            title: 'Full Service with Diagnostic Scan',
            description: 'Keep your car healthy with a complete service.',
          },
          {
            title: 'Pre-Safari Vehicle Check',
            description: 'Brakes, tyres, fluids and lights checked before a long trip.',
          },
        ],
      },
      {
        name: 'Interior & Exterior Detailing',
        description: 'Hand wash, clay bar, wax and a full interior shampoo with stain removal.',
        duration: 120,
        price: [3000, 7000],
        features: ['Interior shampoo', 'Hand wax', 'Tyre shine'],
        requirements: ['Remove personal items from the car'],
        offers: [
          { title: 'Full Valet: Interior Shampoo & Wax', description: 'Inside and out, your car like new.' },
          {
            title: 'Headlight Restoration & Wash',
            description: 'Clear, bright headlights and a full hand wash.',
          },
        ],
      },
      {
        name: 'Wheel Alignment & Balancing',
        description: 'Computerised alignment and balancing for smoother driving and longer tyre life.',
        duration: 60,
        price: [2000, 4000],
        features: ['Computerised alignment', 'Printed report'],
        requirements: [],
        offers: [
          {
            title: 'Wheel Alignment & Balancing',
            description: 'Stop the pull and the wobble in under an hour.',
          },
          {
            title: 'Four-Wheel Alignment & Tyre Rotation',
            description: 'Alignment plus rotation for even tyre wear.',
          },
        ],
      },
      {
        name: 'Computer Diagnostics',
        description:
          'A full electronic scan of engine, gearbox and ABS, with a clear explanation of any fault codes.',
        duration: 45,
        price: [1500, 3000],
        features: ['Full system scan', 'Fault codes explained'],
        requirements: [],
        offers: [
          { title: 'Engine Diagnostic Scan', description: 'Find out what that warning light means.' },
          {
            title: 'Check Engine Light Investigation',
            description: 'Scan, road test and a written repair estimate.',
          },
        ],
      },
      {
        name: 'Body Repair & Paint',
        description:
          'Dent removal, panel repair and colour-matched spray painting, priced after an inspection.',
        duration: 60,
        priceRange: 'KES 5,000 – 60,000',
        features: ['Colour matching', 'Insurance claims handled'],
        requirements: ['Bring the vehicle for inspection'],
        offers: [
          { title: 'Dent Repair & Respray', description: 'Get a quote after a free inspection.' },
          {
            title: 'Scratch Removal Consultation',
            description: 'Inspection and a quote for scratch and scuff repairs.',
          },
        ],
      },
    ],
    extras: [
      {
        title: 'Express Car Wash',
        description: 'Exterior wash and vacuum in 30 minutes.',
        price: [500, 800],
      },
      {
        title: 'Car Wash Monthly Pass',
        description: 'Four full washes to use within a month.',
        price: [3000, 5000],
      },
      {
        title: 'Battery Health Check',
        description: 'Battery and alternator test with a printed result.',
        price: [500, 1000],
      },
    ],
    stores: [
      {
        name: 'Kilimani Auto Care',
        location: 'kilimani',
        description:
          'A full-service garage for Japanese and European cars: servicing, diagnostics, brakes and suspension. Free pick-up within Kilimani and Lavington.',
        services: [0, 3, 4],
      },
      {
        name: 'Sparkle Car Wash & Detailing',
        location: 'south-b',
        description:
          'Hand wash, interior shampoo and ceramic coating on Mombasa Road. Most washes are done while you wait in the lounge.',
        services: [1],
      },
      {
        name: 'Rift Valley Motors Service Centre',
        location: 'nakuru',
        description:
          'A trusted service centre for saloons, SUVs and pick-ups, with computerised diagnostics and genuine spare parts.',
        services: [0, 3, 2],
      },
      {
        name: 'Eldoret Tyre & Alignment',
        location: 'eldoret',
        description:
          'Wheel alignment, balancing and tyre fitting with modern equipment. Same-day puncture repairs.',
        services: [2],
      },
    ],
  },
  {
    id: 'home-services',
    name: 'Home Services',
    icon: 'house',
    hue: 45,
    roles: ['Cleaner', 'Plumber', 'Electrician', 'Technician', 'Supervisor'],
    hours: [
      ['08:00', '17:00'],
      ['07:00', '18:00'],
    ],
    services: [
      {
        name: 'Deep House Cleaning',
        description:
          'Two trained cleaners give every room a top-to-bottom clean, including kitchen and bathrooms.',
        duration: 120,
        price: [4000, 9000],
        features: [
          'All cleaning products supplied',
          'Kitchen and bathroom degreasing',
          'Two trained cleaners',
        ],
        requirements: ['Secure valuables before the visit', 'Water and electricity on site'],
        offers: [
          { title: 'Deep Clean for a 2-Bedroom Apartment', description: 'Every room cleaned top to bottom.' },
          { title: 'Move-In / Move-Out Clean', description: 'Hand over or move into a spotless home.' },
        ],
      },
      {
        name: 'Sofa & Carpet Cleaning',
        description: 'Hot-water extraction that lifts stains and dust from sofas, carpets and rugs.',
        duration: 90,
        price: [2500, 6000],
        features: ['Hot-water extraction', 'Quick-dry finish', 'Stain treatment'],
        requirements: ['Clear the area around the furniture'],
        offers: [
          { title: 'Five-Seater Sofa Shampoo', description: 'Fresh, clean sofas, dry within hours.' },
          { title: 'Carpet Steam Cleaning', description: 'Deep steam cleaning for carpets and rugs.' },
        ],
      },
      {
        name: 'Plumbing Repair Visit',
        description: 'A licensed plumber diagnoses and fixes leaks, blockages and water heater faults.',
        duration: 60,
        priceRange: 'KES 1,500 – 10,000',
        features: ['Licensed plumbers', '30-day workmanship guarantee'],
        requirements: ['Describe the problem when booking'],
        offers: [
          {
            title: 'Leak Fix & Plumbing Inspection',
            description: 'Inspection and a fixed quote before any work starts.',
          },
          {
            title: 'Water Heater Service',
            description: 'Service or repair of instant and tank water heaters.',
          },
        ],
      },
      {
        name: 'Electrical Installation',
        description: 'Sockets, lighting and wiring by licensed electricians, priced after a site visit.',
        duration: 90,
        priceRange: 'KES 2,000 – 15,000',
        features: ['Licensed electricians', 'Certified materials'],
        requirements: ['Access to the distribution board'],
        offers: [
          { title: 'Socket & Lighting Installation', description: 'New sockets and lights fitted safely.' },
          { title: 'Home Wiring Safety Check', description: 'Find faults before they become hazards.' },
        ],
      },
      {
        name: 'Garden Maintenance',
        description: 'Lawn mowing, hedge trimming, weeding and green-waste removal.',
        duration: 120,
        price: [3000, 6000],
        features: ['Own tools and mowers', 'Green waste removed'],
        requirements: ['Access to an outdoor tap'],
        offers: [
          { title: 'Lawn Mowing & Hedge Trimming', description: 'A neat garden in one visit.' },
          {
            title: 'Monthly Garden Care Plan',
            description: 'Four visits a month to keep your garden tidy.',
            times: 4,
          },
        ],
      },
      {
        name: 'Fumigation',
        description: 'Safe, odourless treatment against cockroaches, bedbugs, termites and mosquitoes.',
        duration: 90,
        price: [3500, 9000],
        features: ['Approved chemicals', 'Child and pet safe after drying', 'Free follow-up visit'],
        requirements: ['Leave the house for 3 hours after treatment'],
        offers: [
          { title: 'Bedbug Fumigation for 2 Bedrooms', description: 'Two treatments two weeks apart.' },
          {
            title: 'Cockroach Treatment for Kitchens',
            description: 'Gel and spray treatment for a pest-free kitchen.',
          },
        ],
      },
    ],
    extras: [
      {
        title: 'Office Cleaning Trial Visit',
        description: 'A full office clean so you can judge our team.',
        price: [5000, 9000],
      },
      {
        title: 'Water Tank Cleaning',
        description: 'Drain, scrub and disinfect tanks up to 5,000 litres.',
        price: [3000, 6000],
      },
      {
        title: 'Window Cleaning for Apartments',
        description: 'Inside and outside windows, streak free.',
        price: [2000, 4000],
      },
    ],
    stores: [
      {
        name: 'Tidy Nest Cleaning Services',
        location: 'kileleshwa',
        description:
          'Trained, vetted cleaners for homes and offices, with eco-friendly products and all equipment supplied.',
        services: [0, 1],
      },
      {
        name: 'Mwangaza Electrical & Plumbing',
        location: 'kasarani',
        description:
          'Licensed electricians and plumbers for repairs, installations and emergency call-outs across Kasarani, Roysambu and Thika Road.',
        services: [2, 3],
      },
      {
        name: 'Green Thumb Gardens',
        location: 'karen',
        description:
          "Garden design, lawn care and hedge trimming for homes in Karen and Lang'ata. Weekly maintenance plans are available.",
        services: [4],
      },
      {
        name: 'Pwani Pest Control',
        location: 'mombasa',
        description:
          'Safe fumigation against cockroaches, bedbugs, termites and mosquitoes for homes, hotels and offices.',
        services: [5],
      },
    ],
  },
  {
    id: 'electronics',
    name: 'Electronics',
    icon: 'smartphone',
    hue: 250,
    roles: ['Technician', 'Repair Specialist', 'Installer'],
    hours: [
      ['08:30', '18:30'],
      ['09:00', '19:00'],
      ['08:00', '20:00'],
    ],
    services: [
      {
        name: 'Smartphone Screen Replacement',
        description: 'Cracked or unresponsive screens replaced with quality parts, usually within two hours.',
        duration: 60,
        price: [3000, 12000],
        features: ['90-day warranty', 'Most models in stock', 'Free screen protector'],
        requirements: ['Back up your phone if it still works'],
        offers: [
          {
            title: 'Screen Replacement with 90-Day Warranty',
            description: 'A new screen fitted while you wait.',
          },
          {
            title: 'Screen Replacement & Protector',
            description: 'Replacement screen plus a fitted tempered glass.',
          },
        ],
      },
      {
        name: 'Phone Battery Replacement',
        description: 'A new battery for phones that drain fast or shut down unexpectedly.',
        duration: 45,
        price: [1500, 4000],
        features: ['Battery health test', '6-month warranty'],
        requirements: [],
        offers: [
          {
            title: 'Battery Replacement While You Wait',
            description: 'All-day battery life again in under an hour.',
          },
          { title: 'Charging Port Repair', description: 'Fix loose or dead charging ports.' },
        ],
      },
      {
        name: 'Laptop Service & Clean-Up',
        description: 'Internal dust cleaning, thermal paste, software clean-up and a health report.',
        duration: 90,
        price: [2000, 5000],
        features: ['Internal cleaning', 'New thermal paste', 'Malware scan'],
        requirements: ['Bring your charger'],
        offers: [
          { title: 'Laptop Tune-Up & Dust Cleaning', description: 'A cooler, faster laptop in one visit.' },
          {
            title: 'SSD Upgrade with Data Transfer',
            description: 'Faster start-up with your files moved across.',
            times: 2,
          },
        ],
      },
      {
        name: 'TV Wall Mounting',
        description: 'Secure wall mounting for TVs up to 75 inches, with cables neatly hidden.',
        duration: 60,
        price: [2000, 4500],
        features: ['Bracket included up to 55"', 'Cable management'],
        requirements: ['Confirm the wall type when booking'],
        offers: [
          { title: 'TV Wall Mounting up to 65"', description: 'Bracket, mounting and cable tidy included.' },
          {
            title: 'Soundbar & TV Setup',
            description: 'Mount the TV, connect the soundbar and set up channels.',
          },
        ],
      },
      {
        name: 'CCTV Installation',
        description: 'Camera systems for homes and shops, designed after a site survey.',
        duration: 120,
        priceRange: 'KES 15,000 – 80,000',
        features: ['Phone viewing app', 'Night vision cameras', '1-year warranty'],
        requirements: ['Site survey before installation'],
        offers: [
          {
            title: '4-Camera CCTV Installation',
            description: 'A quote for a four-camera system after a site visit.',
          },
          { title: 'CCTV Site Survey', description: 'Our installer visits and recommends the right setup.' },
        ],
      },
    ],
    extras: [
      {
        title: 'Data Recovery Assessment',
        description: 'Find out whether files on a failed drive can be saved.',
        price: [1500, 3000],
      },
      {
        title: 'Phone Water Damage Treatment',
        description: 'Ultrasonic cleaning and drying for wet phones.',
        price: [1500, 4000],
      },
      {
        title: 'Gadget Health Check',
        description: 'Battery, storage and performance check for any device.',
        price: [500, 1000],
      },
    ],
    stores: [
      {
        name: 'Moi Avenue Phone Clinic',
        location: 'nairobi-cbd',
        description:
          'Screen, battery and charging-port repairs for most smartphone models, usually within two hours. Every repair carries a 90-day warranty.',
        services: [0, 1],
      },
      {
        name: 'Techspot Laptop Repairs',
        location: 'westlands',
        description:
          'Laptop and desktop repairs, upgrades and data recovery by certified technicians. Diagnosis is free for walk-ins.',
        services: [2],
      },
      {
        name: 'Sauti Sound & Screens',
        location: 'embakasi',
        description:
          'TV wall mounting, home theatre setup and CCTV installation for homes and small offices.',
        services: [3, 4],
      },
      {
        name: 'Lakeview Gadget Repairs',
        location: 'kisumu',
        description:
          'Phone, tablet and laptop repairs in Kisumu town, plus genuine accessories and screen protectors.',
        services: [0, 1, 2],
      },
    ],
  },
  {
    id: 'fashion',
    name: 'Fashion',
    icon: 'shirt',
    hue: 290,
    roles: ['Tailor', 'Designer', 'Stylist', 'Cobbler'],
    hours: [
      ['09:00', '18:00'],
      ['08:30', '19:00'],
    ],
    services: [
      {
        name: 'Custom Outfit Tailoring',
        description:
          'Made-to-measure outfits in kitenge, ankara or your own fabric, with one fitting included.',
        duration: 60,
        price: [4000, 9000],
        features: ['Made to measure', 'One fitting included', 'Ready in 7 days'],
        requirements: ['Bring your fabric or choose from ours'],
        offers: [
          { title: 'Custom Kitenge Dress', description: 'A dress designed and cut for you.' },
          {
            title: 'Matching Couple Outfits',
            description: 'Coordinated outfits for two in the same fabric.',
            times: 2,
          },
        ],
      },
      {
        name: 'Suit Alterations',
        description: 'Hemming, tapering and waist adjustments for suits, trousers and dresses.',
        duration: 45,
        price: [800, 2500],
        features: ['Same-week delivery', 'Invisible hemming'],
        requirements: ['Bring the shoes you will wear for hemming'],
        offers: [
          {
            title: 'Trouser Hemming & Waist Adjustment',
            description: 'A perfect fit for your favourite trousers.',
          },
          { title: 'Suit Alteration Package', description: 'Jacket and trousers adjusted together.' },
        ],
      },
      {
        name: 'Shoe Resoling & Polish',
        description: 'New soles and heels for leather shoes, finished with a hand polish.',
        duration: 30,
        price: [800, 2500],
        features: ['Leather or rubber soles', 'Hand polish'],
        requirements: [],
        offers: [
          { title: 'Leather Shoe Resole & Shine', description: 'Give your good shoes a second life.' },
          { title: 'Sneaker Deep Clean', description: 'Hand-cleaned sneakers, laces included.' },
        ],
      },
      {
        name: 'Bridal Fitting Session',
        description: 'Fitting and alterations for wedding gowns and bridesmaid dresses.',
        duration: 90,
        price: [3000, 6000],
        features: ['Private fitting room', 'Alterations included'],
        requirements: ['Bring your wedding shoes'],
        offers: [
          { title: 'Bridal Gown Fitting & Alterations', description: 'Your gown adjusted to fit perfectly.' },
          {
            title: 'Bridesmaid Fitting Party',
            description: 'Fittings for your bridal party in one session.',
          },
        ],
      },
      {
        name: 'Personal Styling Session',
        description: 'A stylist reviews your wardrobe and builds outfits for work and weekends.',
        duration: 60,
        price: [2500, 5000],
        features: ['Wardrobe review', 'Outfit lookbook'],
        requirements: [],
        offers: [
          {
            title: 'Wardrobe Makeover Consultation',
            description: 'New outfits from clothes you already own.',
          },
          { title: 'Personal Shopping Afternoon', description: 'Shop with a stylist who knows your taste.' },
        ],
      },
    ],
    extras: [
      {
        title: 'Bespoke Two-Piece Suit',
        description: 'A suit cut and sewn to your measurements.',
        price: [12000, 20000],
      },
      {
        title: 'Leather Bag Restoration',
        description: 'Clean, repair and recolour a leather bag.',
        price: [1500, 3500],
      },
      {
        title: 'School Uniform Tailoring',
        description: 'Uniforms sewn to fit for the new term.',
        price: [1500, 3000],
      },
    ],
    stores: [
      {
        name: 'Kitenge Couture',
        location: 'lavington',
        description:
          'Made-to-measure kitenge and ankara outfits for weddings, office wear and everyday style. Fittings are by appointment.',
        services: [0, 4],
      },
      {
        name: 'Bespoke Threads Tailoring',
        location: 'nairobi-cbd',
        description:
          'Suits, shirts and alterations cut to your measurements by tailors with over 20 years on Tom Mboya Street.',
        services: [1, 0],
      },
      {
        name: 'Hatua Shoe Repairs',
        location: 'westlands',
        description: 'Shoe repairs, resoling, leather cleaning and bag restoration while you shop.',
        services: [2],
      },
      {
        name: 'Nyota Bridal House',
        location: 'eldoret',
        description:
          'Wedding gowns, bridesmaid dresses and suit hire, with fittings and alterations included.',
        services: [3, 1],
      },
    ],
  },
  {
    id: 'education',
    name: 'Education',
    icon: 'graduation-cap',
    hue: 180,
    roles: ['Tutor', 'Instructor', 'Teacher', 'Coach'],
    hours: [
      ['08:00', '18:00'],
      ['09:00', '19:00'],
    ],
    services: [
      {
        name: 'One-on-One Tutoring',
        description:
          'Private lessons in Mathematics, Sciences or English following the CBC or KCSE syllabus.',
        duration: 60,
        price: [1000, 2500],
        features: ['Qualified teachers', 'Weekly progress report'],
        requirements: ["Bring the learner's exercise books"],
        offers: [
          {
            title: 'KCSE Maths Revision: 5 Sessions',
            description: 'Focused revision on past-paper topics.',
            times: 5,
          },
          { title: 'Trial Tutoring Session', description: 'Meet the tutor and get a learning plan.' },
        ],
      },
      {
        name: 'Coding Class',
        description:
          'A practical two-hour class in web development or Python, with a small project each time.',
        duration: 120,
        price: [3000, 6000],
        features: ['Laptops available', 'Certificate of completion'],
        requirements: ['Basic computer skills'],
        offers: [
          {
            title: 'Intro to Web Development Weekend',
            description: 'Build and publish your first web page.',
          },
          {
            title: 'Python for Beginners Bootcamp Day',
            description: 'Learn Python basics by building small tools.',
          },
        ],
      },
      {
        name: 'Language Lesson',
        description: 'French, German, Mandarin or Kiswahili lessons with certified teachers.',
        duration: 60,
        price: [1200, 2500],
        features: ['Certified teachers', 'Course materials included'],
        requirements: [],
        offers: [
          {
            title: 'French for Beginners: 8 Lessons',
            description: 'Hold a simple conversation in eight lessons.',
            times: 8,
          },
          {
            title: 'Business Kiswahili Crash Course',
            description: 'Everyday Kiswahili for work and travel.',
          },
        ],
      },
      {
        name: 'Driving Lesson',
        description: 'A one-hour practical lesson with a patient, licensed instructor.',
        duration: 60,
        price: [1000, 2000],
        features: ['Dual-control cars', 'Flexible lesson times'],
        requirements: ['Valid provisional driving licence'],
        offers: [
          {
            title: 'Driving Lessons: 10-Hour Package',
            description: 'Ten practical hours towards your test.',
            times: 10,
          },
          {
            title: 'Refresher Lesson for Licence Holders',
            description: 'Regain confidence on Nairobi roads.',
          },
        ],
      },
      {
        name: 'Holiday Coding Camp for Kids',
        description: 'A fun two-hour session where children aged 8–14 build games with Scratch.',
        duration: 120,
        price: [2500, 5000],
        features: ['Ages 8–14', 'Snacks included'],
        requirements: ['Parent or guardian consent'],
        offers: [
          { title: 'Kids Game Building Camp', description: 'Children build and share their own game.' },
          {
            title: 'Robotics Taster for Kids',
            description: 'A hands-on robotics session for curious minds.',
          },
        ],
      },
    ],
    extras: [
      {
        title: 'Study Skills Workshop for Teens',
        description: 'Note-taking, planning and exam techniques.',
        price: [1500, 3000],
      },
      {
        title: 'Career Guidance Session',
        description: 'Explore subjects, courses and careers with a counsellor.',
        price: [2000, 4000],
      },
      {
        title: 'Exam Preparation Weekend',
        description: 'Two days of revision and timed practice.',
        price: [3000, 6000],
      },
    ],
    stores: [
      {
        name: 'Bright Minds Tuition Centre',
        location: 'south-b',
        description:
          'CBC and KCSE tutoring in Mathematics, Sciences and English in small groups, with weekly progress reports for parents.',
        services: [0],
      },
      {
        name: 'Code Savannah Academy',
        location: 'kilimani',
        description:
          'Practical coding bootcamps and weekend classes in web development, Python and data analysis for teens and adults.',
        services: [1, 4],
      },
      {
        name: 'Mwalimu Language School',
        location: 'upper-hill',
        description:
          'French, German, Mandarin and Kiswahili classes for beginners and professionals, taught by native speakers and certified teachers.',
        services: [2],
      },
      {
        name: 'Safari Driving School',
        location: 'thika',
        description:
          'Driving lessons for classes B and C with patient instructors and flexible lesson times.',
        services: [3],
      },
    ],
  },
  {
    id: 'travel-leisure',
    name: 'Travel & Leisure',
    icon: 'plane',
    hue: 195,
    roles: ['Tour Guide', 'Driver', 'Travel Consultant', 'Instructor'],
    hours: [
      ['07:00', '19:00'],
      ['08:00', '17:00'],
    ],
    services: [
      {
        name: 'Nairobi National Park Game Drive',
        description: 'An early morning game drive with an experienced guide in a pop-up-roof van.',
        duration: 120,
        price: [4500, 9000],
        features: ['Pop-up-roof van', 'Hotel pick-up', 'Bottled water'],
        requirements: ['Carry your ID or passport', 'Park fees paid at the gate'],
        offers: [
          {
            title: 'Sunrise Game Drive in Nairobi National Park',
            description: 'See lions and rhinos before breakfast.',
          },
          { title: 'Family Game Drive for Four', description: 'A private van for the family.', times: 3 },
        ],
      },
      {
        name: 'Sunset Dhow Cruise',
        description: 'Sail along the coast at sunset on a traditional dhow with drinks and snacks.',
        duration: 120,
        price: [3500, 7000],
        features: ['Soft drinks and snacks', 'Life jackets'],
        requirements: ['Arrive 20 minutes before departure'],
        offers: [
          {
            title: 'Sunset Dhow Cruise with Dinner',
            description: 'A seafood dinner on board as the sun sets.',
          },
          {
            title: 'Snorkelling Trip to the Marine Park',
            description: 'Snorkel among the reef fish with a guide.',
          },
        ],
      },
      {
        name: 'Guided Crater Hike',
        description: 'A guided hike to the crater rim with viewpoints and a picnic stop.',
        duration: 120,
        price: [1500, 3500],
        features: ['Trained guide', 'Safety briefing', 'Picnic stop'],
        requirements: ['Good walking shoes', 'Moderate fitness'],
        offers: [
          {
            title: 'Guided Menengai Crater Hike',
            description: 'Walk the rim of one of the largest calderas in Africa.',
          },
          { title: 'Zip-Line & Hike Combo', description: 'A crater hike finished with a zip-line ride.' },
        ],
      },
      {
        name: 'Holiday Package Planning',
        description: 'A travel consultant plans flights, hotels and transfers around your budget.',
        duration: 45,
        priceRange: 'KES 15,000 – 150,000',
        features: ['Flights, hotels and transfers', 'Visa advice'],
        requirements: ['Travel dates and number of travellers'],
        offers: [
          { title: 'Coast Holiday Package', description: 'A tailored coast holiday, priced after planning.' },
          {
            title: 'Honeymoon Planning Session',
            description: 'Plan the perfect honeymoon with a consultant.',
          },
        ],
      },
      {
        name: 'Airport Transfer',
        description: 'A punctual, comfortable ride to or from the airport with flight tracking.',
        duration: 60,
        price: [2000, 4500],
        features: ['Flight tracking', 'Meet and greet', 'Luggage help'],
        requirements: ['Flight number when booking'],
        offers: [
          { title: 'JKIA Airport Transfer', description: 'A stress-free ride to or from JKIA.' },
          {
            title: 'Return Airport Transfer',
            description: 'Pick-up and drop-off at a better price.',
            times: 2,
          },
        ],
      },
    ],
    extras: [
      {
        title: 'Day Trip to Lake Naivasha',
        description: 'Boat ride, Crescent Island walk and lunch.',
        price: [6000, 12000],
      },
      {
        title: 'Weekend Camping Getaway',
        description: 'Two nights of camping with meals and activities.',
        price: [8000, 16000],
      },
      {
        title: 'Old Town Walking Tour',
        description: 'Two hours through history, food and architecture.',
        price: [1500, 3000],
      },
    ],
    stores: [
      {
        name: 'Nyika Trails Safaris',
        location: 'gigiri',
        description:
          'Day trips and weekend safaris to Nairobi National Park, Lake Naivasha and the Maasai Mara in comfortable pop-up-roof vans.',
        services: [0, 4],
      },
      {
        name: 'Diani Dhow Excursions',
        location: 'mombasa',
        description: 'Sunset dhow cruises, snorkelling trips and Old Town walking tours along the coast.',
        services: [1],
      },
      {
        name: 'Menengai Adventure Park',
        location: 'nakuru',
        description:
          'Hiking, zip-lining and crater walks on the slopes of Menengai with trained guides and safety gear.',
        services: [2],
      },
      {
        name: 'Skyline Travel Desk',
        location: 'westlands',
        description:
          'Holiday packages, visa advice and airport transfers arranged by experienced travel consultants.',
        services: [3, 4],
      },
    ],
  },
  {
    id: 'photography',
    name: 'Photography',
    icon: 'camera',
    hue: 10,
    roles: ['Photographer', 'Videographer', 'Photo Editor'],
    hours: [
      ['09:00', '18:00'],
      ['08:00', '17:00'],
    ],
    services: [
      {
        name: 'Studio Portrait Session',
        description:
          'A studio session with professional lighting and 10 edited photos delivered within five days.',
        duration: 60,
        price: [3000, 8000],
        features: ['10 edited photos', 'Two outfit changes', 'Online gallery'],
        requirements: ['Arrive 10 minutes early'],
        offers: [
          {
            title: 'Family Portrait Session with 10 Photos',
            description: 'Timeless family portraits in our studio.',
          },
          {
            title: 'Graduation Photo Shoot',
            description: 'Celebrate with professional graduation portraits.',
          },
        ],
      },
      {
        name: 'Corporate Headshots',
        description: 'Clean, professional headshots for LinkedIn, websites and company profiles.',
        duration: 30,
        price: [2000, 4000],
        features: ['3 edited headshots', 'Background of your choice'],
        requirements: ['Bring a change of top'],
        offers: [
          { title: 'LinkedIn Headshot Session', description: 'Look your professional best online.' },
          { title: 'Team Headshots for 5', description: 'Consistent headshots for a small team.', times: 5 },
        ],
      },
      {
        name: 'Wedding Photography',
        description: 'Full-day wedding coverage by two photographers, priced after a planning consultation.',
        duration: 60,
        priceRange: 'KES 40,000 – 250,000',
        features: ['Two photographers', 'Online gallery', 'Printed album option'],
        requirements: ['Book at least 2 months ahead'],
        offers: [
          {
            title: 'Wedding Photography Package',
            description: 'Tell us about your day and get a tailored quote.',
          },
          {
            title: 'Pre-Wedding Shoot Package',
            description: 'An engagement shoot planned with your photographer.',
          },
        ],
      },
      {
        name: 'Passport Photos',
        description: 'Passport, visa and ID photos that meet official requirements, printed in ten minutes.',
        duration: 30,
        price: [500, 800],
        features: ['Printed in 10 minutes', 'Digital copy'],
        requirements: ['Wear a dark top for a light background'],
        offers: [
          { title: 'Passport Photos, Set of 4', description: 'Compliant passport photos in minutes.' },
          { title: 'Visa Photo & Document Scan', description: 'Visa photos plus scans of your documents.' },
        ],
      },
      {
        name: 'Maternity Shoot',
        description: 'A relaxed maternity session outdoors or in the studio, with 15 edited photos.',
        duration: 90,
        price: [5000, 10000],
        features: ['15 edited photos', 'Gowns available'],
        requirements: ['Best between weeks 28 and 36'],
        offers: [
          { title: 'Outdoor Maternity Shoot', description: 'Golden-hour maternity photos outdoors.' },
          { title: 'Newborn Portraits at Home', description: 'Gentle newborn photos in your own home.' },
        ],
      },
    ],
    extras: [
      {
        title: 'Photo Printing & Framing A3',
        description: 'Your favourite photo printed and framed.',
        price: [1500, 3500],
      },
      {
        title: 'Event Coverage Half Day',
        description: 'Four hours of photography with edited images.',
        price: [12000, 20000],
      },
      {
        title: 'Product Photography for 10 Items',
        description: 'Clean product shots for online shops.',
        price: [5000, 9000],
      },
    ],
    stores: [
      {
        name: 'Lens & Light Studio',
        location: 'kilimani',
        description:
          'Portrait, family and corporate headshot sessions in a fully lit studio, with edited images delivered within five days.',
        services: [0, 1],
      },
      {
        name: 'Jacaranda Wedding Films',
        location: 'karen',
        description:
          'Wedding photography and cinematic films by a small team that has covered over 300 Kenyan weddings.',
        services: [2, 4],
      },
      {
        name: 'Snapshot Passport Photos',
        location: 'nairobi-cbd',
        description:
          'Passport, visa and ID photos printed in ten minutes, plus document scanning and lamination.',
        services: [3],
      },
      {
        name: 'Kisumu Portrait House',
        location: 'kisumu',
        description:
          'Graduation, family and maternity portraits in our studio or by the lake at Dunga Beach.',
        services: [0, 4],
      },
    ],
  },
  {
    id: 'events',
    name: 'Events',
    icon: 'party-popper',
    hue: 270,
    roles: ['Event Planner', 'Decorator', 'DJ', 'MC', 'Coordinator'],
    hours: [
      ['09:00', '18:00'],
      ['08:00', '20:00'],
    ],
    services: [
      {
        name: 'Event Décor Package',
        description:
          'Tents, flowers, drapes and lighting for weddings, ruracio and birthdays, priced per event.',
        duration: 60,
        priceRange: 'KES 20,000 – 200,000',
        features: ['Site visit', 'Set-up and tear-down', 'Mood board'],
        requirements: ['Venue and guest numbers'],
        offers: [
          {
            title: 'Ruracio Décor Package',
            description: 'Traditional décor for your ruracio, quoted after a visit.',
          },
          {
            title: 'Wedding Décor Planning Session',
            description: 'Plan colours, flowers and lighting with a decorator.',
          },
        ],
      },
      {
        name: 'DJ & Sound for 4 Hours',
        description: 'An experienced DJ with PA system and lighting for up to 200 guests.',
        duration: 120,
        price: [8000, 15000],
        features: ['PA system', 'Stage lighting', 'Wireless microphones'],
        requirements: ['Power supply at the venue'],
        offers: [
          { title: 'DJ & PA System for House Parties', description: 'Music and sound for a great party.' },
          {
            title: 'Graduation Party Sound Package',
            description: 'DJ, microphones and playlists for your celebration.',
          },
        ],
      },
      {
        name: "Children's Party Entertainment",
        description: 'Bouncy castle, face painting and a children’s entertainer for two hours.',
        duration: 120,
        price: [6000, 12000],
        features: ['Bouncy castle', 'Face painting', 'Party games'],
        requirements: ['Flat outdoor space for the castle'],
        offers: [
          {
            title: 'Bouncy Castle & Face Painting Party',
            description: 'Two hours of fun for the little ones.',
          },
          { title: 'Magic Show for Kids', description: 'A magician and games for birthday parties.' },
        ],
      },
      {
        name: 'MC Services',
        description: 'A bilingual master of ceremonies to keep your event on time and lively.',
        duration: 120,
        price: [5000, 12000],
        features: ['English and Kiswahili', 'Programme planning call'],
        requirements: [],
        offers: [
          { title: 'Bilingual MC for Your Event', description: 'An MC fluent in English and Kiswahili.' },
          { title: 'Corporate Event MC', description: 'A polished host for launches and dinners.' },
        ],
      },
      {
        name: 'Event Planning Consultation',
        description: 'A one-hour session to plan budget, venue, suppliers and timeline.',
        duration: 60,
        price: [2000, 5000],
        features: ['Budget template', 'Supplier list'],
        requirements: [],
        offers: [
          { title: 'Beach Wedding Planning Session', description: 'Plan a coast wedding with an expert.' },
          {
            title: 'Corporate Retreat Planning Session',
            description: 'Plan a team retreat that runs smoothly.',
          },
        ],
      },
    ],
    extras: [
      {
        title: 'Tent & Chairs Hire for 50 Guests',
        description: 'A tent, chairs and tables delivered and set up.',
        price: [8000, 15000],
      },
      {
        title: 'Balloon Arch & Backdrop',
        description: 'A custom balloon arch and photo backdrop.',
        price: [4000, 8000],
      },
      {
        title: 'Photo Booth Hire, 3 Hours',
        description: 'Unlimited prints and fun props.',
        price: [10000, 18000],
      },
    ],
    stores: [
      {
        name: 'Sherehe Events & Décor',
        location: 'lavington',
        description:
          'Wedding, ruracio and birthday décor with tents, flowers and lighting, planned end to end by our coordinators.',
        services: [0, 4],
      },
      {
        name: 'Bashment Sound & DJ Hire',
        location: 'kasarani',
        description: 'DJs, PA systems and stage lighting for parties, graduations and corporate functions.',
        services: [1, 3],
      },
      {
        name: 'Kids Party Kenya',
        location: 'kileleshwa',
        description:
          "Themed children's parties with bouncy castles, face painting and entertainers at your home or a venue.",
        services: [2],
      },
      {
        name: 'Pwani Events Co.',
        location: 'mombasa',
        description: 'Beach weddings and corporate retreats on the coast, from venue sourcing to catering.',
        services: [4, 0, 3],
      },
    ],
  },
  {
    id: 'pet-care',
    name: 'Pet Care',
    icon: 'paw-print',
    hue: 95,
    roles: ['Veterinarian', 'Groomer', 'Dog Trainer', 'Vet Assistant'],
    hours: [
      ['08:00', '18:00'],
      ['08:30', '17:30'],
    ],
    services: [
      {
        name: 'Vet Consultation & Check-Up',
        description: 'A full physical examination with weight, teeth and coat check, and advice from a vet.',
        duration: 30,
        price: [1500, 3000],
        features: ['Full physical exam', 'Weight and diet advice'],
        requirements: ['Bring your pet’s vaccination card'],
        offers: [
          { title: 'Pet Wellness Check-Up', description: 'A head-to-tail health check for dogs and cats.' },
          { title: 'Puppy First Visit & Deworming', description: 'Start your puppy off healthy.' },
        ],
      },
      {
        name: 'Annual Vaccination',
        description: 'Core vaccinations for dogs and cats, recorded on your pet’s card.',
        duration: 30,
        price: [2000, 4000],
        features: ['Core vaccines', 'Vaccination card updated'],
        requirements: ['Pet must be well on the day'],
        offers: [
          { title: 'Rabies & DHPP Vaccination', description: 'Core vaccines for dogs in one visit.' },
          { title: 'Cat Vaccination Package', description: 'Core vaccines and a health check for cats.' },
        ],
      },
      {
        name: 'Full Dog Grooming',
        description: 'Bath, blow-dry, haircut, nail trim and ear clean for dogs of every size.',
        duration: 90,
        price: [2000, 5000],
        features: ['Gentle shampoo', 'Nail trim', 'Ear cleaning'],
        requirements: ['Up-to-date vaccinations'],
        offers: [
          { title: 'Full Groom: Bath, Cut & Nail Trim', description: 'A fresh, fluffy and happy dog.' },
          { title: 'De-Shedding Treatment', description: 'Less hair on your sofa for weeks.' },
        ],
      },
      {
        name: 'Dog Obedience Training',
        description: 'Positive-reinforcement training for sit, stay, recall and loose-lead walking.',
        duration: 60,
        price: [2500, 5000],
        features: ['Positive reinforcement', 'Homework plan'],
        requirements: ['Dog on a lead and collar'],
        offers: [
          { title: 'Puppy Training: 4 Sessions', description: 'Good habits from the start.', times: 4 },
          { title: 'Behaviour Consultation', description: 'Help with barking, pulling or nervousness.' },
        ],
      },
      {
        name: 'Pet Dental Cleaning',
        description: 'Scale and polish under light sedation, with a dental health report.',
        duration: 60,
        price: [4000, 8000],
        features: ['Scale and polish', 'Dental report'],
        requirements: ['No food for 8 hours before'],
        offers: [
          { title: 'Pet Dental Scale & Polish', description: 'Fresh breath and healthy teeth.' },
          { title: 'Senior Pet Health Screen', description: 'Dental and blood checks for older pets.' },
        ],
      },
    ],
    extras: [
      {
        title: 'Pet Boarding: Weekend Stay',
        description: 'Two nights of boarding with walks and meals.',
        price: [3000, 6000],
      },
      { title: 'Nail Trim & Ear Clean', description: 'A quick tidy-up between grooms.', price: [500, 1000] },
      {
        title: 'Spay & Neuter Consultation',
        description: 'Advice and pre-surgery checks.',
        price: [1000, 2000],
      },
    ],
    stores: [
      {
        name: 'Paws & Whiskers Vet Clinic',
        location: 'westlands',
        description:
          'Vaccinations, check-ups and minor surgery for dogs and cats, with a vet on call at weekends.',
        services: [0, 1, 4],
      },
      {
        name: 'Karen Dog Grooming Parlour',
        location: 'karen',
        description:
          'Bathing, haircuts, nail trims and de-shedding for dogs of every size, by gentle and patient groomers.',
        services: [2],
      },
      {
        name: 'Good Boy Dog Training',
        location: 'gigiri',
        description:
          'Obedience training, puppy classes and behaviour consultations using positive reinforcement.',
        services: [3],
      },
      {
        name: 'Nakuru Pet Hospital',
        location: 'nakuru',
        description: 'Veterinary care for pets and farm dogs, deworming programmes and overnight boarding.',
        services: [0, 1],
      },
    ],
  },
];

/** The demo merchant's stores (the rest are shared round-robin among the other merchants). */
const DEMO_MERCHANT_STORES = ['Savannah Glow Spa', 'Kilimani Auto Care', 'Lens & Light Studio'];
/** Stores left without branches: the API shows them with a synthetic main branch. */
const STORES_WITHOUT_BRANCHES = [
  'Snapshot Passport Photos',
  'Hatua Shoe Repairs',
  'Bright Minds Tuition Centre',
  'Good Boy Dog Training',
  'Highland Brew Coffee House',
];

const OTHER_MERCHANTS: Array<[string, string]> = [
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

const STAFF_FIRST_NAMES = [
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
const STAFF_LAST_NAMES = [
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

const WORKING_WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'];
/** Discounts drawn for offers: about one in five is a hot deal (50 % or more). */
const DISCOUNTS = [10, 15, 15, 20, 20, 25, 25, 30, 30, 35, 35, 40, 40, 45, 50, 55, 60, 70];
const SOCIAL_PLATFORMS = [
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
const DEMO_REVIEWERS: Array<[string, string]> = [
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
const REVIEW_TEXTS: Record<3 | 4 | 5, string[]> = {
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
const REVIEW_RESPONSES: Record<3 | 4 | 5, string[]> = {
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

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: a tiny, fast 32-bit PRNG; the same seed always gives the same sequence. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Random {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
  /** A version 4 UUID made from the sequence, so ids are as repeatable as the content. */
  uuid(): string {
    const bytes: number[] = [];
    for (let i = 0; i < 16; i++) bytes.push(Math.floor(this.next() * 256));
    bytes[6] = (bytes[6]! & 0x0f) | 0x40;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const NAIROBI_OFFSET_MS = 3 * HOUR_MS;

/** 23:59 Nairobi time (UTC+3 all year) on the calendar day of `date`. */
function endOfNairobiDay(date: Date): Date {
  const local = date.getTime() + NAIROBI_OFFSET_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  return new Date(dayStart + DAY_MS - 60_000 - NAIROBI_OFFSET_MS);
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function money(shillings: number): string {
  return shillings.toFixed(2);
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .map((word) => word.charAt(0).toUpperCase());
  return letters.slice(0, 2).join('');
}

/** 'Savannah Glow Spa' -> 'savannahglowspa' (handles and domains). */
function handleOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A cover label of at most 40 characters, cut at a word boundary. */
function coverLabel(text: string): string {
  if (text.length <= 40) return text;
  const cut = text.slice(0, 39);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,:&-]+$/, '')}…`;
}

function coverUrl(label: string, hue: number): string {
  return `/media/generated/cover.svg?label=${encodeURIComponent(coverLabel(label))}&hue=${hue}`;
}

function logoUrl(name: string, hue: number): string {
  return `/media/generated/logo.svg?label=${encodeURIComponent(initials(name))}&hue=${hue}`;
}

function kenyanMobile(random: Random): string {
  return `+2547${random.int(0, 2)}${random.int(0, 9)}${String(random.int(0, 999_999)).padStart(6, '0')}`;
}

function jitter(random: Random, value: number, spread = 0.006): number {
  return Number((value + (random.float() * 2 - 1) * spread).toFixed(6));
}

function hueNear(random: Random, base: number): number {
  return (((base + random.int(-18, 18)) % 360) + 360) % 360;
}

function socialLink(
  platform: (typeof SOCIAL_PLATFORMS)[number],
  handle: string,
  phone: string,
  name: string,
): string {
  switch (platform) {
    case 'instagram':
      return `https://www.instagram.com/${handle}`;
    case 'facebook':
      return `https://www.facebook.com/${handle}`;
    case 'tiktok':
      return `https://www.tiktok.com/@${handle}`;
    case 'twitter':
      return `https://x.com/${handle.slice(0, 15)}`;
    case 'whatsapp':
      return `https://wa.me/${phone.replace(/\D/g, '')}`;
    case 'youtube':
      return `https://www.youtube.com/@${handle}`;
    case 'linkedin':
      return `https://www.linkedin.com/company/${slugOf(name)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Building the rows
// ---------------------------------------------------------------------------------------------

type Insert<T extends PgTable> = T['$inferInsert'];

interface Catalogue {
  locations: Insert<typeof locations>[];
  categories: Insert<typeof categories>[];
  merchants: Insert<typeof merchants>[];
  users: Insert<typeof users>[];
  stores: Insert<typeof stores>[];
  storeSocialLinks: Insert<typeof storeSocialLinks>[];
  branches: Insert<typeof branches>[];
  staff: Insert<typeof staff>[];
  services: Insert<typeof services>[];
  staffServices: Insert<typeof staffServices>[];
  offers: Insert<typeof offers>[];
  bookings: Insert<typeof bookings>[];
  reviews: Insert<typeof reviews>[];
  storeFollows: Insert<typeof storeFollows>[];
}

interface PasswordHashes {
  merchant: string;
  customer: string;
}

/** Builds every row in memory (pure apart from the PRNG), so the transaction only inserts. */
export function buildDemoCatalogue(now: Date, hashes: PasswordHashes): Catalogue {
  const random = new Random(20_260_101);
  const ids = new Random(4_242);
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  const locationById = new Map(LOCATIONS.map((location) => [location.id, location]));

  const catalogue: Catalogue = {
    locations: LOCATIONS.map((location, index) => ({
      id: location.id,
      name: location.name,
      area: location.area,
      latitude: location.latitude,
      longitude: location.longitude,
      sortOrder: index + 1,
    })),
    categories: CATEGORIES.map((category, index) => ({
      id: category.id,
      name: category.name,
      icon: category.icon,
      sortOrder: index + 1,
    })),
    merchants: [],
    users: [],
    stores: [],
    storeSocialLinks: [],
    branches: [],
    staff: [],
    services: [],
    staffServices: [],
    offers: [],
    bookings: [],
    reviews: [],
    storeFollows: [],
  };

  const demoMerchantId = ids.uuid();
  const merchantSince = at(-420 * DAY_MS);
  catalogue.merchants.push({
    id: demoMerchantId,
    firstName: 'Wanjiru',
    lastName: 'Kamau',
    email: 'merchant@d3deals.co.ke',
    phoneNumber: '+254711223344',
    passwordHash: hashes.merchant,
    createdAt: merchantSince,
    updatedAt: merchantSince,
  });
  const otherMerchantIds = OTHER_MERCHANTS.map(([firstName, lastName], index) => {
    const id = ids.uuid();
    const createdAt = at(-(410 - index * 7) * DAY_MS);
    catalogue.merchants.push({
      id,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@merchants.d3deals.co.ke`,
      phoneNumber: kenyanMobile(random),
      passwordHash: hashes.merchant,
      createdAt,
      updatedAt: createdAt,
    });
    return id;
  });

  const achiengSince = at(-120 * DAY_MS);
  const brianSince = at(-45 * DAY_MS);
  catalogue.users.push(
    {
      id: ids.uuid(),
      firstName: 'Achieng',
      lastName: 'Otieno',
      email: 'customer@d3deals.co.ke',
      phoneNumber: '+254712345678',
      passwordHash: hashes.customer,
      isEmailVerified: true,
      isPhoneVerified: true,
      referralSlug: 'achieng-otieno',
      createdAt: achiengSince,
      updatedAt: achiengSince,
    },
    {
      id: ids.uuid(),
      firstName: 'Brian',
      lastName: 'Mutua',
      email: 'brian@d3deals.co.ke',
      phoneNumber: '+254723456789',
      passwordHash: hashes.customer,
      isEmailVerified: true,
      isPhoneVerified: false,
      referralSlug: 'brian-mutua',
      createdAt: brianSince,
      updatedAt: brianSince,
    },
  );

  let otherStoreIndex = 0;
  let offerCounter = 0;

  for (const category of CATEGORIES) {
    for (const storeSeed of category.stores) {
      const location = locationById.get(storeSeed.location);
      if (!location) throw new Error(`Unknown location ${storeSeed.location} for ${storeSeed.name}`);
      const storeId = ids.uuid();
      const isDemoStore = DEMO_MERCHANT_STORES.includes(storeSeed.name);
      const merchantId = isDemoStore
        ? demoMerchantId
        : otherMerchantIds[otherStoreIndex++ % otherMerchantIds.length]!;
      const handle = handleOf(storeSeed.name);
      const [openingTime, closingTime] = random.pick(category.hours);
      const weekRoll = random.float();
      const workingDays =
        weekRoll < 0.3
          ? WORKING_WEEK
          : weekRoll < 0.75
            ? [...WORKING_WEEK, 'Saturday']
            : [...WORKING_WEEK, 'Saturday', 'Sunday'];
      const phoneNumber = kenyanMobile(random);
      const websiteUrl = random.chance(0.55) ? `https://www.${handle}.co.ke` : null;
      const storeCreatedAt = at(-random.int(90, 400) * DAY_MS);
      const latitude = jitter(random, location.latitude);
      const longitude = jitter(random, location.longitude);

      catalogue.stores.push({
        id: storeId,
        merchantId,
        name: storeSeed.name,
        logoUrl: logoUrl(storeSeed.name, random.int(0, 359)),
        category: category.name,
        locationId: location.id,
        description: storeSeed.description,
        phoneNumber,
        primaryEmail: `info@${handle}.co.ke`,
        openingTime,
        closingTime,
        workingDays,
        latitude,
        longitude,
        websiteUrl,
        cashback: random.int(1, 8) * 5,
        createdAt: storeCreatedAt,
        updatedAt: storeCreatedAt,
      });

      // Social links: 1-3 platforms, the website among them when the store has one.
      const platforms = random.shuffle(SOCIAL_PLATFORMS).slice(0, random.int(1, 3));
      const links = platforms.map((platform) => ({
        platform: platform as string,
        link: socialLink(platform, handle, phoneNumber, storeSeed.name),
      }));
      if (websiteUrl && links.length < 3) links.push({ platform: 'website', link: websiteUrl });
      for (const link of links) {
        catalogue.storeSocialLinks.push({ id: ids.uuid(), storeId, ...link, createdAt: storeCreatedAt });
      }

      // Branches: the main one at the store's own address, others nearby.
      const storeBranches: Array<{ id: string; name: string }> = [];
      if (!STORES_WITHOUT_BRANCHES.includes(storeSeed.name)) {
        const count = random.int(1, 3);
        const isNairobi = location.area === 'Nairobi';
        const nearby = random.shuffle(
          LOCATIONS.filter((other) => other.id !== location.id && other.area === 'Nairobi'),
        );
        const streets = random.shuffle(location.streets);
        for (let b = 0; b < count; b++) {
          const branchLocation = b === 0 || !isNairobi ? location : nearby[b - 1]!;
          const street =
            b === 0 || !isNairobi
              ? (streets[b % streets.length] ?? location.streets[0]!)
              : random.pick(branchLocation.streets);
          const branchId = ids.uuid();
          storeBranches.push({ id: branchId, name: `${branchLocation.name} – ${street}` });
          catalogue.branches.push({
            id: branchId,
            storeId,
            name: `${branchLocation.name} – ${street}`,
            address: `${street}, ${branchLocation.name}`,
            phone: b === 0 ? phoneNumber : kenyanMobile(random),
            email: `${slugOf(branchLocation.name)}@${handle}.co.ke`,
            status: 'active',
            openingTime,
            closingTime: b === 0 ? closingTime : random.pick(category.hours)[1],
            workingDays,
            isMainBranch: b === 0,
            latitude: b === 0 ? latitude : jitter(random, branchLocation.latitude),
            longitude: b === 0 ? longitude : jitter(random, branchLocation.longitude),
            createdAt: storeCreatedAt,
            updatedAt: storeCreatedAt,
          });
        }
      }

      // Staff: 2-5, spread over the branches; each branch's manager is its first staff member.
      const staffCount = random.int(2, 5);
      const usedNames = new Set<string>();
      const storeStaff: string[] = [];
      for (let s = 0; s < staffCount; s++) {
        let name = '';
        do name = `${random.pick(STAFF_FIRST_NAMES)} ${random.pick(STAFF_LAST_NAMES)}`;
        while (usedNames.has(name));
        usedNames.add(name);
        const branch = storeBranches.length > 0 ? storeBranches[s % storeBranches.length]! : undefined;
        const staffId = ids.uuid();
        storeStaff.push(staffId);
        catalogue.staff.push({
          id: staffId,
          storeId,
          branchId: branch?.id ?? null,
          name,
          role: category.roles[s % category.roles.length]!,
          status: 'active',
          createdAt: storeCreatedAt,
          updatedAt: storeCreatedAt,
        });
        const branchRow = branch ? catalogue.branches.find((row) => row.id === branch.id) : undefined;
        if (branchRow && !branchRow.manager) branchRow.manager = name;
      }

      // Services: the store's own list, each delivered by at least one staff member.
      const storeServices: Array<{ id: string; seed: ServiceSeed; price: number | null }> = [];
      storeSeed.services.forEach((serviceIndex, position) => {
        const seed = category.services[serviceIndex];
        if (!seed) throw new Error(`Unknown service ${serviceIndex} for ${storeSeed.name}`);
        const serviceId = ids.uuid();
        const isDynamic = !seed.price;
        const price = seed.price ? roundTo(random.int(seed.price[0], seed.price[1]), 50) : null;
        const cancellationRoll = random.float();
        const minCancellationHours = cancellationRoll < 0.15 ? 24 : cancellationRoll < 0.3 ? 4 : 2;
        const createdAt = new Date(storeCreatedAt.getTime() + (1 + position) * DAY_MS);
        storeServices.push({ id: serviceId, seed, price });
        catalogue.services.push({
          id: serviceId,
          storeId,
          name: seed.name,
          description: seed.description,
          type: isDynamic ? 'dynamic' : 'fixed',
          price: price === null ? null : money(price),
          priceRange: isDynamic ? (seed.priceRange ?? null) : null,
          duration: seed.duration,
          imageUrl: coverUrl(seed.name, hueNear(random, category.hue)),
          featured: random.chance(0.12),
          category: category.name,
          bookingEnabled: !random.chance(0.05),
          autoConfirmBookings: isDynamic ? false : !random.chance(0.2),
          consultationRequired: isDynamic,
          features: seed.features,
          requirements: seed.requirements,
          cancellationPolicy: `Free cancellation up to ${minCancellationHours} hours before your appointment.`,
          minCancellationHours,
          createdAt,
          updatedAt: createdAt,
        });
        const assigned = storeStaff.filter((_, index) => (index + position) % 2 === 0);
        for (const staffId of assigned.length > 0 ? assigned : storeStaff.slice(0, 1)) {
          catalogue.staffServices.push({ staffId, serviceId });
        }
      });

      // Offers: 3-5, most tied to one of the store's services, the rest store-wide deals.
      const offerCount = random.int(3, 5);
      const linked = random.shuffle(
        storeServices.flatMap((service) => service.seed.offers.map((offer) => ({ offer, service }))),
      );
      const extras = random.shuffle(category.extras);
      const linkedCount = Math.min(linked.length, Math.max(offerCount - 1, Math.ceil(offerCount * 0.7)));
      const chosen: Array<{
        offer: OfferSeed;
        service?: (typeof storeServices)[number];
        price?: [number, number];
      }> = [
        ...linked.slice(0, linkedCount),
        ...extras.slice(0, offerCount - linkedCount).map((extra) => ({ offer: extra, price: extra.price })),
      ];

      for (const { offer, service, price } of chosen) {
        const k = offerCounter++;
        const isDynamic = service !== undefined && service.price === null;
        let originalPrice: number | null = null;
        if (service?.price != null) {
          originalPrice = Math.min(20_000, Math.max(500, roundTo(service.price * (offer.times ?? 1), 50)));
        } else if (price) {
          originalPrice = roundTo(random.int(price[0], price[1]), 100);
        }

        // Expiry mix: ~10 % expired, some within the hour and within 48 h, the rest 3-90 days out.
        let expirationDate: Date;
        if (k % 10 === 3) expirationDate = endOfNairobiDay(at(-random.int(2, 20) * DAY_MS));
        else if (k % 40 === 11) expirationDate = at(random.int(20, 55) * 60_000);
        else if (k % 14 === 5) expirationDate = at(random.int(2, 47) * HOUR_MS + random.int(0, 59) * 60_000);
        else expirationDate = endOfNairobiDay(at(random.int(3, 90) * DAY_MS));

        let createdAt = at(-random.int(1, 60) * DAY_MS - random.int(0, 23) * HOUR_MS);
        if (createdAt.getTime() >= expirationDate.getTime() - DAY_MS) {
          createdAt = new Date(expirationDate.getTime() - random.int(10, 40) * DAY_MS);
        }

        const statusRoll = random.float();
        const status = statusRoll < 0.04 ? 'paused' : statusRoll < 0.06 ? 'inactive' : 'active';
        const discount = random.pick(DISCOUNTS);

        catalogue.offers.push({
          id: ids.uuid(),
          storeId,
          serviceId: service?.id ?? null,
          title: offer.title,
          description: offer.description,
          discount: money(discount),
          discountExplanation: isDynamic
            ? `${discount}% off the quoted price`
            : offer.times && offer.times > 1
              ? `${discount}% off the price of ${offer.times} booked separately`
              : null,
          originalPrice: originalPrice === null ? null : money(originalPrice),
          expirationDate,
          category: category.name,
          status,
          featured: false,
          offerType: isDynamic ? 'dynamic' : 'fixed',
          requiresConsultation: isDynamic,
          imageUrl: coverUrl(offer.title, hueNear(random, category.hue)),
          createdAt,
          updatedAt: createdAt,
        });
      }
    }
  }

  // Featured: 15 live offers spread over the catalogue.
  const live = catalogue.offers.filter(
    (offer) =>
      offer.status === 'active' && (offer.expirationDate as Date).getTime() > now.getTime() + 3 * DAY_MS,
  );
  for (const offer of random.shuffle(live).slice(0, 15)) offer.featured = true;

  addCustomerActivity(catalogue, now, hashes.customer);
  return catalogue;
}

/**
 * Issue 15: demo customers, their past completed visits, the reviews they left on those visits
 * and the stores they follow. Its own PRNGs, so the catalogue above (ids and content) is the same
 * as before. Store figures are left to the engagement module (seedDemo asks it to recompute).
 */
function addCustomerActivity(catalogue: Catalogue, now: Date, customerHash: string): void {
  const random = new Random(15_150_315);
  const ids = new Random(1_515);
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

  const customers = DEMO_REVIEWERS.map(([firstName, lastName], index) => {
    const id = ids.uuid();
    const createdAt = at(-(360 - index * 5) * DAY_MS);
    catalogue.users.push({
      id,
      firstName,
      lastName,
      email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@customers.d3deals.co.ke`,
      phoneNumber: `+2547${String(20_000_000 + index * 137_911).padStart(8, '0')}`,
      passwordHash: customerHash,
      isEmailVerified: true,
      isPhoneVerified: true,
      referralSlug: `${slugOf(`${firstName} ${lastName}`)}-demo`,
      createdAt,
      updatedAt: createdAt,
    });
    return { id, name: `${firstName} ${lastName}`, createdAt };
  });

  const servicesByStore = new Map<string, Array<Insert<typeof services>>>();
  for (const service of catalogue.services) {
    const list = servicesByStore.get(service.storeId) ?? [];
    list.push(service);
    servicesByStore.set(service.storeId, list);
  }
  const staffById = new Map(catalogue.staff.map((member) => [member.id!, member]));
  const staffByService = new Map<string, string[]>();
  for (const link of catalogue.staffServices) {
    const list = staffByService.get(link.serviceId) ?? [];
    list.push(link.staffId);
    staffByService.set(link.serviceId, list);
  }

  /** A completed visit `daysAgo` days back, at 9-16 h Nairobi time, of one of the store's services. */
  const visit = (storeId: string, customer: (typeof customers)[number], daysAgo: number) => {
    const service = random.pick(servicesByStore.get(storeId)!);
    const staffId = random.pick(staffByService.get(service.id!) ?? [null]);
    const member = staffId ? staffById.get(staffId) : undefined;
    const midnight = endOfNairobiDay(at(-daysAgo * DAY_MS)).getTime() + 60_000 - DAY_MS;
    const startTime = new Date(midnight + random.int(9, 16) * HOUR_MS + random.pick([0, 30]) * 60_000);
    const endTime = new Date(startTime.getTime() + service.duration! * 60_000);
    const bookedAt = new Date(startTime.getTime() - random.int(1, 5) * DAY_MS);
    const completedAt = new Date(endTime.getTime() + random.int(0, 20) * 60_000);
    catalogue.bookings.push({
      id: ids.uuid(),
      userId: customer.id,
      storeId,
      branchId: member?.branchId ?? null,
      staffId: staffId ?? null,
      serviceId: service.id!,
      bookingType: 'service',
      status: 'completed',
      startTime,
      endTime,
      accessFee: '0',
      clientName: customer.name,
      confirmedAt: bookedAt,
      checkedInAt: new Date(startTime.getTime() - random.int(0, 10) * 60_000),
      completedAt,
      createdAt: bookedAt,
      updatedAt: completedAt,
    });
    return completedAt;
  };

  for (const store of catalogue.stores) {
    const storeId = store.id!;
    // Popularity: a few busy stores (25+ reviews), some popular (10+), most with a handful, a few new.
    const roll = random.float();
    const reviewCount =
      roll < 0.12
        ? random.int(25, 30)
        : roll < 0.35
          ? random.int(10, 18)
          : roll < 0.85
            ? random.int(1, 7)
            : 0;
    // How this store tends to do: most are good, some merely fine.
    const mood = random.float();
    const visitors = random
      .shuffle(customers)
      .slice(0, Math.min(customers.length, reviewCount + random.int(0, 3)));
    visitors.forEach((customer, index) => {
      const storeAge = Math.floor((now.getTime() - (store.createdAt as Date).getTime()) / DAY_MS);
      const customerAge = Math.floor((now.getTime() - customer.createdAt.getTime()) / DAY_MS);
      const maxDaysAgo = Math.max(5, Math.min(storeAge, customerAge, 180) - 2);
      const daysAgo = random.int(4, maxDaysAgo);
      // A regular: an earlier visit too.
      if (random.chance(0.25) && daysAgo + 14 < maxDaysAgo)
        visit(storeId, customer, daysAgo + random.int(14, 40));
      const completedAt = visit(storeId, customer, daysAgo);
      if (index < reviewCount) {
        const r = random.float();
        const rating = (mood < 0.7 ? (r < 0.6 ? 5 : r < 0.92 ? 4 : 3) : r < 0.3 ? 5 : r < 0.75 ? 4 : 3) as
          | 3
          | 4
          | 5;
        const createdAt = new Date(completedAt.getTime() + random.int(2, 60) * HOUR_MS);
        const responded = random.chance(0.3);
        const respondedAt = responded ? new Date(createdAt.getTime() + random.int(3, 30) * HOUR_MS) : null;
        catalogue.reviews.push({
          id: ids.uuid(),
          userId: customer.id,
          storeId,
          rating,
          text: random.pick(REVIEW_TEXTS[rating]),
          responseText: responded ? random.pick(REVIEW_RESPONSES[rating]) : null,
          respondedAt: respondedAt && respondedAt < now ? respondedAt : null,
          createdAt,
          updatedAt: createdAt,
        });
      }
      if (random.chance(0.45)) {
        const followedAt = new Date(completedAt.getTime() + random.int(1, 48) * HOUR_MS);
        catalogue.storeFollows.push({ id: ids.uuid(), userId: customer.id, storeId, createdAt: followedAt });
      }
    });
    // Followers who found the store without a visit yet.
    const visitorIds = new Set(visitors.map((customer) => customer.id));
    for (const customer of random.shuffle(customers).slice(0, random.int(0, 4))) {
      if (visitorIds.has(customer.id)) continue;
      const followedAt = at(-random.int(1, 90) * DAY_MS - random.int(0, 23) * HOUR_MS);
      catalogue.storeFollows.push({ id: ids.uuid(), userId: customer.id, storeId, createdAt: followedAt });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

async function insertInBatches<T extends PgTable>(
  tx: Transaction,
  table: T,
  rows: Insert<T>[],
  { skipExisting = false } = {},
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const insert = tx.insert(table).values(rows.slice(start, start + BATCH_SIZE) as never);
    await (skipExisting ? insert.onConflictDoNothing() : insert);
  }
}

async function isEmpty(db: Db | Transaction): Promise<boolean> {
  const [anyMerchant] = await db.select({ id: merchants.id }).from(merchants).limit(1);
  if (anyMerchant) return false;
  const [anyUser] = await db.select({ id: users.id }).from(users).limit(1);
  return !anyUser;
}

/**
 * Loads the demo catalogue when the database has no merchant and no user; otherwise changes
 * nothing and answers `{ seeded: false }`. Runs in one transaction, under an advisory lock so
 * two instances starting together cannot both seed.
 */
export interface DemoPasswords {
  customer: string;
  merchant: string;
}

/**
 * Fresh random passwords for the demo accounts: a production start with SEED_DEMO=true uses these
 * (printed once to the log) instead of the ones the README publishes.
 */
export function randomDemoPasswords(): DemoPasswords {
  return {
    customer: `Demo-${randomBytes(12).toString('base64url')}`,
    merchant: `Demo-${randomBytes(12).toString('base64url')}`,
  };
}

export async function seedDemo(
  db: Db,
  options: { now?: Date; passwords?: DemoPasswords } = {},
): Promise<{ seeded: boolean; counts: Record<string, number> }> {
  // Cheap check first: a normal restart must not pay for password hashing.
  if (!(await isEmpty(db))) return { seeded: false, counts: {} };

  const now = options.now ?? new Date();
  // argon2 is slow on purpose: two hashes in all, shared by the accounts of each role.
  const [merchantHash, customerHash] = await Promise.all([
    hashPassword(options.passwords?.merchant ?? MERCHANT_PASSWORD),
    hashPassword(options.passwords?.customer ?? CUSTOMER_PASSWORD),
  ]);
  const catalogue = buildDemoCatalogue(now, { merchant: merchantHash, customer: customerHash });

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return { seeded: false, counts: {} };

    // Reference lists may already hold rows added by hand before the first account existed.
    await insertInBatches(tx, locations, catalogue.locations, { skipExisting: true });
    await insertInBatches(tx, categories, catalogue.categories, { skipExisting: true });
    await insertInBatches(tx, merchants, catalogue.merchants);
    await insertInBatches(tx, users, catalogue.users);
    await insertInBatches(tx, stores, catalogue.stores);
    await insertInBatches(tx, storeSocialLinks, catalogue.storeSocialLinks);
    await insertInBatches(tx, branches, catalogue.branches);
    await insertInBatches(tx, staff, catalogue.staff);
    await insertInBatches(tx, services, catalogue.services);
    await insertInBatches(tx, staffServices, catalogue.staffServices);
    await insertInBatches(tx, offers, catalogue.offers);
    await insertInBatches(tx, bookings, catalogue.bookings);
    await insertInBatches(tx, reviews, catalogue.reviews);
    await insertInBatches(tx, storeFollows, catalogue.storeFollows);
    // The engagement module computes each store's rating, review count and followers from those rows.
    await refreshManyStoreFigures(
      tx,
      catalogue.stores.map((store) => store.id!),
    );

    const counts: Record<string, number> = {};
    for (const [table, rows] of Object.entries(catalogue)) counts[table] = rows.length;
    return { seeded: true, counts };
  });
}
