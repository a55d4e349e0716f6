import type { CategorySeed } from '../../demo-types.js';

export const automotive: CategorySeed = {
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
};
