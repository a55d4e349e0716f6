import type { TUser } from '@d3/shared/accounts/accounts-schemas';

/**
 * The API's bodies for one store, its offer and service, and a signed-in customer: the fixtures the web
 * tests of several features share (features do not import each other's test helpers).
 */
export const OFFER_ID = '733ba2e7-cd08-486c-8346-77cbec3dfa29';
export const SERVICE_ID = '5b0c1a53-3b7e-4a44-9a0f-2f8f2b7f1c11';
export const STORE_ID = '813b378c-cdc2-41cf-803a-c9af5134941e';

export const DAY = 24 * 60 * 60 * 1000;

/** The store as an offer or service body embeds it. */
export const STORE_SUMMARY = {
  id: STORE_ID,
  name: 'Savannah Glow Spa',
  logo_url: null,
  logoUrl: null,
  location: 'Kilimani',
  locationId: 'kilimani',
  category: 'Beauty & Spa',
  rating: 0,
  totalReviews: 0,
};

/**
 * An offer as GET /offers/:id sends it (ZOffer): the camelCase twins the API sends beside the seed's
 * snake_case fields follow the snake_case values unless a test overrides them too.
 */
export function offerBody(overrides: Record<string, unknown> = {}) {
  const body = {
    id: OFFER_ID,
    title: '60-Minute Swedish Massage',
    description: 'A full-body massage.',
    discount: 30,
    discount_explanation: null as string | null,
    original_price: 5000 as number | null,
    discounted_price: 3500 as number | null,
    savings: 1500,
    accessFee: 225.5,
    expiration_date: new Date(Date.now() + 10 * DAY).toISOString(),
    category: 'Beauty & Spa',
    status: 'active',
    featured: false,
    offer_type: 'fixed',
    requires_consultation: false,
    image_url: null as string | null,
    images: [],
    isHot: false,
    tag: '',
    dealLabel: '10d left',
    isExpired: false,
    bookable: true,
    createdAt: '2029-01-01T00:00:00Z',
    storeId: STORE_ID,
    serviceId: null,
    store: STORE_SUMMARY,
    service: null,
    ...overrides,
  };
  return {
    discountExplanation: body.discount_explanation,
    originalPrice: body.original_price,
    offerPrice: body.discounted_price,
    expirationDate: body.expiration_date,
    offerType: body.offer_type,
    requiresConsultation: body.requires_consultation,
    image: body.image_url,
    imageUrl: body.image_url,
    ...body,
  };
}

export function serviceBody(overrides: Record<string, unknown> = {}) {
  return {
    id: SERVICE_ID,
    storeId: STORE_ID,
    name: 'Deep Tissue Massage',
    description: 'Ninety minutes.',
    type: 'fixed',
    price: 4000,
    price_range: null,
    priceRange: null,
    duration: 90,
    images: [],
    image_url: null,
    imageUrl: null,
    featured: false,
    category: 'Beauty & Spa',
    booking_enabled: true,
    auto_confirm_bookings: true,
    require_prepayment: false,
    consultation_required: false,
    features: [],
    requirements: [],
    cancellation_policy: null,
    min_cancellation_hours: 2,
    allow_early_checkin: false,
    early_checkin_minutes: 15,
    maxConcurrentBookings: 1,
    max_concurrent_bookings: 1,
    createdAt: '2029-01-01T00:00:00Z',
    store: STORE_SUMMARY,
    ...overrides,
  };
}

function base64Url(value: string): string {
  return btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A signed-in customer's token that is valid for an hour (the signature is never checked in the browser). */
export function liveToken(): string {
  return `${base64Url('{"alg":"HS256"}')}.${base64Url(
    JSON.stringify({ sub: 'u1', role: 'customer', exp: Math.floor(Date.now() / 1000) + 3600 }),
  )}.sig`;
}

export const currentUser: TUser = {
  id: 'u1',
  firstName: 'Amina',
  lastName: 'Otieno',
  first_name: 'Amina',
  last_name: 'Otieno',
  email: 'amina@example.co.ke',
  phoneNumber: '+254712345678',
  phone: '+254712345678',
  avatar: null,
  isEmailVerified: true,
  isPhoneVerified: true,
  isKYCVerified: false,
  hasPassword: true,
  googleLinked: false,
  dark_mode: null,
  locale: 'en',
  referralSlug: 'amina',
  user_type: 'customer',
  createdAt: '2029-01-01T00:00:00Z',
};
