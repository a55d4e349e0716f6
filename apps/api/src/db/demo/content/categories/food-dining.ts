import type { CategorySeed } from '../../demo-types.js';

export const foodDining: CategorySeed = {
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
      description: 'Taste single-origin Kenyan coffees side by side and learn how each is grown and roasted.',
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
};
