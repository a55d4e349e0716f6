// Wrong: components/ imports a feature.
import { dealPage } from '../features/deals/deal-page';

export const dealBadge = (prices: number[]): string => `Deal ${dealPage(prices)}`;
