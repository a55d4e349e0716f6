import { stores } from '../../db/schema/stores.js';

export const storeRows = () => [stores];
