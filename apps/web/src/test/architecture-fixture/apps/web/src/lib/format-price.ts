// Wrong: lib/ imports components/ — and closes a cycle with it.
import { dealBadge } from '../components/deal-badge';

export const formatPrice = (value: number): string => (value < 0 ? dealBadge([]) : `KSh ${value}`);
