import type { TMerchantDashboard } from '@d3/shared/merchant/dashboard-schemas';
import type { Db } from '../../db/client.js';
import { merchantDashboardBookings } from '../bookings/bookings-service.js';
import { merchantStoreFigures } from '../stores/stores-service.js';

/**
 * The merchant site's dashboard (issue 13) from the modules that own each figure: bookings (counts,
 * the month's access fees and at-store value, next bookings) and stores (rating, reviews, followers).
 */
export async function merchantDashboard(
  db: Db,
  merchantId: string,
  now = new Date(),
): Promise<TMerchantDashboard> {
  const [figures, bookings] = await Promise.all([
    merchantStoreFigures(db, merchantId),
    merchantDashboardBookings(db, merchantId, now),
  ]);
  return {
    stores: figures.stores,
    bookings: bookings.bookings,
    revenue: bookings.revenue,
    rating: figures.rating,
    reviewCount: figures.reviewCount,
    followers: figures.followers,
    nextBookings: bookings.nextBookings,
  };
}
