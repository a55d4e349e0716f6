// Wrong: a package imports an app.
import { cartTotal } from '../../../apps/web/src/features/cart/cart-total';

export const priceTotal = (prices: number[]): string => `KSh ${cartTotal(prices)}`;
