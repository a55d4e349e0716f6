import type { CategorySeed } from '../../demo-types.js';

export const education: CategorySeed = {
  id: 'education',
  name: 'Education',
  icon: 'graduation-cap',
  hue: 180,
  roles: ['Tutor', 'Instructor', 'Teacher', 'Coach'],
  hours: [
    ['08:00', '18:00'],
    ['09:00', '19:00'],
  ],
  services: [
    {
      name: 'One-on-One Tutoring',
      description: 'Private lessons in Mathematics, Sciences or English following the CBC or KCSE syllabus.',
      duration: 60,
      price: [1000, 2500],
      features: ['Qualified teachers', 'Weekly progress report'],
      requirements: ["Bring the learner's exercise books"],
      offers: [
        {
          title: 'KCSE Maths Revision: 5 Sessions',
          description: 'Focused revision on past-paper topics.',
          times: 5,
        },
        { title: 'Trial Tutoring Session', description: 'Meet the tutor and get a learning plan.' },
      ],
    },
    {
      name: 'Coding Class',
      description: 'A practical two-hour class in web development or Python, with a small project each time.',
      duration: 120,
      price: [3000, 6000],
      features: ['Laptops available', 'Certificate of completion'],
      requirements: ['Basic computer skills'],
      offers: [
        {
          title: 'Intro to Web Development Weekend',
          description: 'Build and publish your first web page.',
        },
        {
          title: 'Python for Beginners Bootcamp Day',
          description: 'Learn Python basics by building small tools.',
        },
      ],
    },
    {
      name: 'Language Lesson',
      description: 'French, German, Mandarin or Kiswahili lessons with certified teachers.',
      duration: 60,
      price: [1200, 2500],
      features: ['Certified teachers', 'Course materials included'],
      requirements: [],
      offers: [
        {
          title: 'French for Beginners: 8 Lessons',
          description: 'Hold a simple conversation in eight lessons.',
          times: 8,
        },
        {
          title: 'Business Kiswahili Crash Course',
          description: 'Everyday Kiswahili for work and travel.',
        },
      ],
    },
    {
      name: 'Driving Lesson',
      description: 'A one-hour practical lesson with a patient, licensed instructor.',
      duration: 60,
      price: [1000, 2000],
      features: ['Dual-control cars', 'Flexible lesson times'],
      requirements: ['Valid provisional driving licence'],
      offers: [
        {
          title: 'Driving Lessons: 10-Hour Package',
          description: 'Ten practical hours towards your test.',
          times: 10,
        },
        {
          title: 'Refresher Lesson for Licence Holders',
          description: 'Regain confidence on Nairobi roads.',
        },
      ],
    },
    {
      name: 'Holiday Coding Camp for Kids',
      description: 'A fun two-hour session where children aged 8–14 build games with Scratch.',
      duration: 120,
      price: [2500, 5000],
      features: ['Ages 8–14', 'Snacks included'],
      requirements: ['Parent or guardian consent'],
      offers: [
        { title: 'Kids Game Building Camp', description: 'Children build and share their own game.' },
        {
          title: 'Robotics Taster for Kids',
          description: 'A hands-on robotics session for curious minds.',
        },
      ],
    },
  ],
  extras: [
    {
      title: 'Study Skills Workshop for Teens',
      description: 'Note-taking, planning and exam techniques.',
      price: [1500, 3000],
    },
    {
      title: 'Career Guidance Session',
      description: 'Explore subjects, courses and careers with a counsellor.',
      price: [2000, 4000],
    },
    {
      title: 'Exam Preparation Weekend',
      description: 'Two days of revision and timed practice.',
      price: [3000, 6000],
    },
  ],
  stores: [
    {
      name: 'Bright Minds Tuition Centre',
      location: 'south-b',
      description:
        'CBC and KCSE tutoring in Mathematics, Sciences and English in small groups, with weekly progress reports for parents.',
      services: [0],
    },
    {
      name: 'Code Savannah Academy',
      location: 'kilimani',
      description:
        'Practical coding bootcamps and weekend classes in web development, Python and data analysis for teens and adults.',
      services: [1, 4],
    },
    {
      name: 'Mwalimu Language School',
      location: 'upper-hill',
      description:
        'French, German, Mandarin and Kiswahili classes for beginners and professionals, taught by native speakers and certified teachers.',
      services: [2],
    },
    {
      name: 'Safari Driving School',
      location: 'thika',
      description: 'Driving lessons for classes B and C with patient instructors and flexible lesson times.',
      services: [3],
    },
  ],
};
