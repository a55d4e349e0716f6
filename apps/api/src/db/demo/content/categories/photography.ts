import type { CategorySeed } from '../../demo-types.js';

export const photography: CategorySeed = {
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
      description: 'Graduation, family and maternity portraits in our studio or by the lake at Dunga Beach.',
      services: [0, 4],
    },
  ],
};
