import type { CategorySeed } from '../../demo-types.js';

export const homeServices: CategorySeed = {
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
      features: ['All cleaning products supplied', 'Kitchen and bathroom degreasing', 'Two trained cleaners'],
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
};
