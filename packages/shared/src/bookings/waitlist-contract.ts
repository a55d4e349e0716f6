import { defineContract } from '../api/contract.js';
import {
  ZJoinWaitlistRequest,
  ZMerchantWaitlistQuery,
  ZMerchantWaitlistResponse,
  ZWaitIdParams,
  ZWaitlistEntryResponse,
  ZWaitlistResponse,
} from './waitlist-schemas.js';

/**
 * The waitlist of a full slot (issue 36, decision 0751): a customer joins, lists and leaves; the
 * merchant sees each upcoming slot's line. Booking an offered place is an ordinary booking create.
 */
export const waitlistContract = defineContract('bookings', {
  join: {
    method: 'POST',
    path: '/bookings/waitlist',
    operationId: 'joinWaitlist',
    summary: "Join a full slot's waitlist (one place per slot, 5 open waits at most)",
    access: 'customer',
    body: ZJoinWaitlistRequest,
    responses: { 201: ZWaitlistEntryResponse },
    errors: [404, 409],
  },
  mine: {
    method: 'GET',
    path: '/bookings/waitlist',
    operationId: 'listMyWaits',
    summary: "The signed-in customer's waits, with their place in line or the offer's hold",
    access: 'customer',
    responses: { 200: ZWaitlistResponse },
  },
  leave: {
    method: 'DELETE',
    path: '/bookings/waitlist/entries/:id',
    operationId: 'leaveWaitlist',
    summary: 'Leave a waitlist (a place held for the customer passes on)',
    access: 'customer',
    params: ZWaitIdParams,
    responses: { 200: ZWaitlistEntryResponse },
    errors: [404],
  },
  merchant: {
    method: 'GET',
    path: '/bookings/merchant/waitlist',
    operationId: 'listMerchantWaitlists',
    summary: "Each upcoming slot of the merchant's stores with its line",
    access: 'merchant',
    query: ZMerchantWaitlistQuery,
    responses: { 200: ZMerchantWaitlistResponse },
  },
});
