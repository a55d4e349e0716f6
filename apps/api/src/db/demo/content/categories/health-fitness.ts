import type { CategorySeed } from '../../demo-types.js';

export const healthFitness: CategorySeed = {
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
};
