// Fine: a feature imports its own files and lib/.
import { formatPrice } from '../../lib/format-price';

export const dealPrice = (value: number): string => formatPrice(value);
