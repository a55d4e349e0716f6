// Wrong: a feature imports another feature (cart); the total belongs in lib/.
import { cartTotal } from '../cart/cart-total';
import { dealPrice } from './deal-price';

export const dealPage = (prices: number[]): string => `${dealPrice(cartTotal(prices))}`;
