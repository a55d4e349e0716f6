import type { CategorySeed } from '../../demo-types.js';

export const events: CategorySeed = {
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
};
