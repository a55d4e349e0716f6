import type { CategorySeed } from '../../demo-types.js';
import { automotive } from './automotive.js';
import { beautySpa } from './beauty-spa.js';
import { education } from './education.js';
import { electronics } from './electronics.js';
import { events } from './events.js';
import { fashion } from './fashion.js';
import { foodDining } from './food-dining.js';
import { healthFitness } from './health-fitness.js';
import { homeServices } from './home-services.js';
import { petCare } from './pet-care.js';
import { photography } from './photography.js';
import { travelLeisure } from './travel-leisure.js';

// Data: the 12 categories, each with its services, extra offers and stores (one file a category).

/** In the order the site lists them. */
export const CATEGORIES: CategorySeed[] = [
  beautySpa,
  healthFitness,
  foodDining,
  automotive,
  homeServices,
  electronics,
  fashion,
  education,
  travelLeisure,
  photography,
  events,
  petCare,
];
