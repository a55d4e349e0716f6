import type { TOffer, TStore } from '@d3/shared/catalogue/catalogue-schemas';

let sequence = 0;
const next = () => {
  sequence += 1;
  return sequence;
};

/** The store summary an offer carries: a Westlands spa without logo or reviews. */
export function offerStore(id: string, name: string): TOffer['store'] {
  return {
    id,
    name,
    logo_url: null,
    logoUrl: null,
    location: 'Westlands',
    locationId: 'westlands',
    category: 'Beauty & Spa',
    rating: 0,
    totalReviews: 0,
  };
}

/** An active offer with real-looking values; override what the test is about. */
export function createOffer(overrides: Partial<TOffer> = {}): TOffer {
  const n = next();
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const storeId = `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const expiry = new Date(Date.now() + 3 * 86_400_000).toISOString();
  return {
    id,
    title: `Offer ${n}`,
    description: 'A test offer',
    discount: 30,
    discount_explanation: null,
    discountExplanation: null,
    original_price: 2000,
    originalPrice: 2000,
    discounted_price: 1400,
    offerPrice: 1400,
    savings: 600,
    accessFee: 90,
    expiration_date: expiry,
    expirationDate: expiry,
    category: 'Beauty & Spa',
    status: 'active',
    featured: false,
    offer_type: 'fixed',
    offerType: 'fixed',
    requires_consultation: false,
    requiresConsultation: false,
    image: null,
    image_url: null,
    imageUrl: null,
    images: [],
    isHot: false,
    tag: 'Bestseller',
    dealLabel: '3d left',
    isExpired: false,
    bookable: true,
    createdAt: new Date().toISOString(),
    storeId,
    serviceId: null,
    store: offerStore(storeId, `Store ${n}`),
    service: null,
    ...overrides,
  };
}

export function createStore(overrides: Partial<TStore> = {}): TStore {
  const n = next();
  return {
    id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    merchantId: 'm-1',
    name: `Store ${n}`,
    logo: null,
    logo_url: null,
    logoUrl: null,
    image: null,
    category: 'Beauty & Spa',
    location: 'Westlands',
    locationId: 'westlands',
    area: 'Nairobi',
    description: '',
    phone_number: null,
    primary_email: null,
    opening_time: '08:00',
    closing_time: '18:00',
    working_days: [],
    latitude: null,
    longitude: null,
    website_url: null,
    cashback: 20,
    discount: '20%',
    rating: 0,
    totalReviews: 0,
    reviews: 0,
    badge: 'NEW',
    isTrending: false,
    followers: 0,
    deals: 1,
    services: 1,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
