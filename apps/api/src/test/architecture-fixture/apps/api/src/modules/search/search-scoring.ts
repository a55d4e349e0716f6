// Deliberately circular with search-ranking.ts.
import { rank } from './search-ranking.js';

export const score = (value: number): number => (value > 10 ? value : rank(value * 2));
