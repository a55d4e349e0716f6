export const stores = 'stores';
