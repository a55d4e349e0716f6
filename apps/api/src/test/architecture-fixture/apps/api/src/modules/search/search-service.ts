// Deliberately wrong imports: the architecture rules must reject the first three.
import { stores } from '../../db/schema/stores.js';
import { storeCard } from '../stores/store-cards.js';
import { storeRows } from '../stores/stores-repository.js';
// The allowed way in: the owner's service.
import { listStores } from '../stores/stores-service.js';
import { rank } from './search-ranking.js';

export const search = () => [stores, storeCard, storeRows(), listStores(), rank(1)];
