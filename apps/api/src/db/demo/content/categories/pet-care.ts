import type { CategorySeed } from '../../demo-types.js';

export const petCare: CategorySeed = {
  id: 'pet-care',
  name: 'Pet Care',
  icon: 'paw-print',
  hue: 95,
  roles: ['Veterinarian', 'Groomer', 'Dog Trainer', 'Vet Assistant'],
  hours: [
    ['08:00', '18:00'],
    ['08:30', '17:30'],
  ],
  services: [
    {
      name: 'Vet Consultation & Check-Up',
      description: 'A full physical examination with weight, teeth and coat check, and advice from a vet.',
      duration: 30,
      price: [1500, 3000],
      features: ['Full physical exam', 'Weight and diet advice'],
      requirements: ['Bring your pet’s vaccination card'],
      offers: [
        { title: 'Pet Wellness Check-Up', description: 'A head-to-tail health check for dogs and cats.' },
        { title: 'Puppy First Visit & Deworming', description: 'Start your puppy off healthy.' },
      ],
    },
    {
      name: 'Annual Vaccination',
      description: 'Core vaccinations for dogs and cats, recorded on your pet’s card.',
      duration: 30,
      price: [2000, 4000],
      features: ['Core vaccines', 'Vaccination card updated'],
      requirements: ['Pet must be well on the day'],
      offers: [
        { title: 'Rabies & DHPP Vaccination', description: 'Core vaccines for dogs in one visit.' },
        { title: 'Cat Vaccination Package', description: 'Core vaccines and a health check for cats.' },
      ],
    },
    {
      name: 'Full Dog Grooming',
      description: 'Bath, blow-dry, haircut, nail trim and ear clean for dogs of every size.',
      duration: 90,
      price: [2000, 5000],
      features: ['Gentle shampoo', 'Nail trim', 'Ear cleaning'],
      requirements: ['Up-to-date vaccinations'],
      offers: [
        { title: 'Full Groom: Bath, Cut & Nail Trim', description: 'A fresh, fluffy and happy dog.' },
        { title: 'De-Shedding Treatment', description: 'Less hair on your sofa for weeks.' },
      ],
    },
    {
      name: 'Dog Obedience Training',
      description: 'Positive-reinforcement training for sit, stay, recall and loose-lead walking.',
      duration: 60,
      price: [2500, 5000],
      features: ['Positive reinforcement', 'Homework plan'],
      requirements: ['Dog on a lead and collar'],
      offers: [
        { title: 'Puppy Training: 4 Sessions', description: 'Good habits from the start.', times: 4 },
        { title: 'Behaviour Consultation', description: 'Help with barking, pulling or nervousness.' },
      ],
    },
    {
      name: 'Pet Dental Cleaning',
      description: 'Scale and polish under light sedation, with a dental health report.',
      duration: 60,
      price: [4000, 8000],
      features: ['Scale and polish', 'Dental report'],
      requirements: ['No food for 8 hours before'],
      offers: [
        { title: 'Pet Dental Scale & Polish', description: 'Fresh breath and healthy teeth.' },
        { title: 'Senior Pet Health Screen', description: 'Dental and blood checks for older pets.' },
      ],
    },
  ],
  extras: [
    {
      title: 'Pet Boarding: Weekend Stay',
      description: 'Two nights of boarding with walks and meals.',
      price: [3000, 6000],
    },
    { title: 'Nail Trim & Ear Clean', description: 'A quick tidy-up between grooms.', price: [500, 1000] },
    {
      title: 'Spay & Neuter Consultation',
      description: 'Advice and pre-surgery checks.',
      price: [1000, 2000],
    },
  ],
  stores: [
    {
      name: 'Paws & Whiskers Vet Clinic',
      location: 'westlands',
      description:
        'Vaccinations, check-ups and minor surgery for dogs and cats, with a vet on call at weekends.',
      services: [0, 1, 4],
    },
    {
      name: 'Karen Dog Grooming Parlour',
      location: 'karen',
      description:
        'Bathing, haircuts, nail trims and de-shedding for dogs of every size, by gentle and patient groomers.',
      services: [2],
    },
    {
      name: 'Good Boy Dog Training',
      location: 'gigiri',
      description:
        'Obedience training, puppy classes and behaviour consultations using positive reinforcement.',
      services: [3],
    },
    {
      name: 'Nakuru Pet Hospital',
      location: 'nakuru',
      description: 'Veterinary care for pets and farm dogs, deworming programmes and overnight boarding.',
      services: [0, 1],
    },
  ],
};
