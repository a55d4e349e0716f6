// Wrong: the merchant site imports the customer site instead of a shared package.
import { formatPrice } from '../../../../web/src/lib/format-price';

export const offerForm = (value: number): string => formatPrice(value);
