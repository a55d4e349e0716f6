import { score } from './search-scoring.js';

export const rank = (value: number): number => score(value) + 1;
