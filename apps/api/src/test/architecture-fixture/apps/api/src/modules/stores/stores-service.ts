import { storeRows } from './stores-repository.js';

export const listStores = () => storeRows();
