export const storeCard = 'card';
