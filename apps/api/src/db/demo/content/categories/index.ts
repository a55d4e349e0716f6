import { type CategorySeed, categorySeed } from '../../demo-types.js';
import automotive from './automotive.json' with { type: 'json' };
import beautySpa from './beauty-spa.json' with { type: 'json' };
import education from './education.json' with { type: 'json' };
import electronics from './electronics.json' with { type: 'json' };
import events from './events.json' with { type: 'json' };
import fashion from './fashion.json' with { type: 'json' };
import foodDining from './food-dining.json' with { type: 'json' };
import healthFitness from './health-fitness.json' with { type: 'json' };
import homeServices from './home-services.json' with { type: 'json' };
import petCare from './pet-care.json' with { type: 'json' };
import photography from './photography.json' with { type: 'json' };
import travelLeisure from './travel-leisure.json' with { type: 'json' };

// Data: the 12 categories, each with its services, extra offers and stores (one JSON file a category),
// checked against their shape when the demo catalogue is first built (not at every start: a production
// start imports the seed without running it).

let checked: CategorySeed[] | undefined;

/** The categories in the order the site lists them, each checked against its shape (once). */
export function demoCategories(): CategorySeed[] {
  checked ??= [
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
  ].map((category) => categorySeed.parse(category));
  return checked;
}
