import type { CategorySeed } from '../../demo-types.js';

export const travelLeisure: CategorySeed = {
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
};
