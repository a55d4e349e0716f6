import type { CategorySeed } from '../../demo-types.js';

export const beautySpa: CategorySeed = {
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
};
