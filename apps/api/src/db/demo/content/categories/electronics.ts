import type { CategorySeed } from '../../demo-types.js';

export const electronics: CategorySeed = {
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
      description: 'TV wall mounting, home theatre setup and CCTV installation for homes and small offices.',
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
};
