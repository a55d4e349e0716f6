import type { CategorySeed } from '../../demo-types.js';

export const fashion: CategorySeed = {
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
      description: 'Wedding gowns, bridesmaid dresses and suit hire, with fittings and alterations included.',
      services: [3, 1],
    },
  ],
};
