import {
  ZCategoriesResponse,
  ZQuoteResponse,
  ZQuotesListResponse,
  ZRequestDetailResponse,
  ZRequestResponse,
  ZRequestsListResponse,
} from '@d3/shared/service-requests/service-request-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillFields } from '../../../test/fill-fields';
import { renderRoutes } from '../../../test/render';
import type { TQuote, TServiceRequest } from '../api/service-requests-api';
import { MyServiceRequestsPage } from './my-service-requests-page';
import { RequestServicePage } from './request-service-page';
import { ServiceRequestPage } from './service-request-page';
import { ServiceRequestsPage } from './service-requests-page';

const REQUEST_ID = '00000000-0000-4000-8000-0000000000aa';
const OFFER_ID = '00000000-0000-4000-8000-0000000000bb';
const STORE_ID = '00000000-0000-4000-8000-0000000000cc';

/** A request form that passes every check; `changes` override single fields by label. */
function fillValidRequest(changes: Record<string, string> = {}) {
  fillFields({
    Title: 'Deep clean my salon',
    Category: 'Beauty & Spa',
    Description: 'Two chairs and a basin to clean.',
    'Minimum budget (KSH)': '1000',
    'Maximum budget (KSH)': '5000',
    Timeline: 'flexible',
    Location: 'Westlands',
    ...changes,
  });
}

function request(overrides: Partial<TServiceRequest> = {}): TServiceRequest {
  return {
    id: REQUEST_ID,
    title: 'Deep clean my salon',
    category: 'Beauty & Spa',
    description: 'Two chairs and a wash basin need a full clean.',
    budget: 'KSH 1,000 - 5,000',
    budgetMin: 1000,
    budgetMax: 5000,
    timeline: 'thisweek',
    location: 'Westlands',
    requirements: ['Licensed'],
    priority: 'normal',
    status: 'active',
    verified: true,
    postedBy: 'Amina N.',
    postedTime: new Date().toISOString(),
    offers: 1,
    offersCount: 1,
    acceptedOffer: null,
    isOwner: false,
    hasMyOffer: false,
    reviewed: false,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    ...overrides,
  };
}

function offer(overrides: Partial<TQuote> = {}): TQuote {
  return {
    id: OFFER_ID,
    requestId: REQUEST_ID,
    requestTitle: 'Deep clean my salon',
    requestCategory: 'Beauty & Spa',
    requestStatus: 'active',
    storeName: 'Sparkle Cleaners',
    storeId: STORE_ID,
    providerName: 'Sparkle Cleaners',
    providerId: STORE_ID,
    quotedPrice: 2500,
    price: 2500,
    estimatedDuration: '3 hours',
    availability: 'Saturday 9am',
    includesSupplies: true,
    warranty: null,
    responseTime: 'Quick (within 1 hour)',
    verified: false,
    rating: 4.2,
    reviews: 3,
    storeDetails: {
      id: STORE_ID,
      name: 'Sparkle Cleaners',
      logo: null,
      location: 'Westlands',
      category: 'Cleaning',
      rating: 4.2,
      totalReviews: 3,
      verified: false,
    },
    message: 'We can do it on Saturday with our own supplies.',
    createdAt: new Date().toISOString(),
    status: 'pending',
    avatar: null,
    ...overrides,
  };
}

/** One page of requests (GET /request-service, /request-service/my-requests). */
const page = (items: TServiceRequest[], total = items.length, totalPages = 1, current = 1, limit = 6) =>
  wire(ZRequestsListResponse, {
    success: true,
    requests: items,
    data: items,
    pagination: {
      page: current,
      currentPage: current,
      limit,
      total,
      totalPages,
      hasNextPage: current < totalPages,
    },
  });

/** One page of quotes (GET /request-service/offers). */
const quotes = (items: TQuote[]) =>
  wire(ZQuotesListResponse, {
    success: true,
    offers: items,
    data: items,
    pagination: {
      page: 1,
      currentPage: 1,
      limit: 10,
      total: items.length,
      totalPages: 1,
      hasNextPage: false,
    },
  });

const quoteAnswer = (message: string, quote: TQuote) =>
  wire(ZQuoteResponse, { success: true, message, offer: quote, data: quote });

let seen: TSeenRequest[];

function renderAt(path: string, element: React.ReactNode, pattern = path) {
  renderRoutes(
    [
      { path: pattern, element },
      { path: '/accounts/sign-in', element: <p>Sign in page</p> },
      ...(path.startsWith('/service-request/')
        ? []
        : [{ path: '/service-request/:id', element: <p>Request page</p> }]),
    ],
    path,
  );
}

/** Opens /service-request/{id}, whose API answer is `shown` (as request and data) with its `offers`. */
function openRequestPage(shown: TServiceRequest, offers: TQuote[]) {
  mswServer.use(
    api.get(`/request-service/${REQUEST_ID}`, () =>
      wire(ZRequestDetailResponse, { success: true, request: shown, data: shown, offers }),
    ),
  );
  renderAt(`/service-request/${REQUEST_ID}`, <ServiceRequestPage />, '/service-request/:requestId');
}

beforeEach(() => {
  window.localStorage.clear();
  seen = recordRequests();
  mswServer.use(
    api.get('/request-service/categories', () =>
      wire(ZCategoriesResponse, { success: true, categories: [{ name: 'Beauty & Spa', count: 1 }] }),
    ),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The requests sent with `method` whose path and query contain `path`. */
const callsTo = (method: string, path: string) =>
  seen.filter(
    (request) => request.method === method && `${request.url.pathname}${request.url.search}`.includes(path),
  );

describe('/service-requests', () => {
  it('lists requests with View Details and Make an Offer; only All for visitors; offers need a provider login', async () => {
    mswServer.use(api.get('/request-service', () => page([request()])));
    renderAt('/service-requests', <ServiceRequestsPage />);
    expect(await screen.findByRole('heading', { name: 'Deep clean my salon' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Find Professional Services' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'All' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'My Offers' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Past' })).toBeNull();
    expect(screen.getByText('KSH 1,000 - 5,000')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Make an Offer' }));
    const login = await screen.findByRole('dialog', { name: 'Login Required' });
    expect(within(login).getByText('Please log in as a service provider to make an offer.')).toBeTruthy();
    expect(within(login).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/accounts/sign-in?redirect=%2Fservice-requests',
    );
    fireEvent.click(within(login).getByRole('button', { name: 'Cancel' }));

    // Real links (issue 32): tapped before the page is live, they open the form.
    expect(screen.getByRole('link', { name: 'Post Service Request' }).getAttribute('href')).toBe(
      '/request-service',
    );
    fireEvent.click(screen.getByRole('link', { name: 'Post a Service Request' }));
    expect(await screen.findByText('Please log in to post a service request.')).toBeTruthy();
  });

  it('drops empty filters, sends chosen ones, and shows the empty text with Post First Request', async () => {
    mswServer.use(api.get('/request-service', () => page([])));
    renderAt('/service-requests', <ServiceRequestsPage />);
    expect(await screen.findByText('No service requests found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Post First Request' })).toBeTruthy();
    const first = callsTo('GET', '/request-service?')[0]!.url.href;
    expect(first).not.toContain('category=');
    expect(first).toContain('limit=6');
    fireEvent.change(screen.getByLabelText('Budget'), { target: { value: '50000+' } });
    await waitFor(() => expect(callsTo('GET', 'budget=50000%2B')).toHaveLength(1));
  });

  it('shows at most 5 page buttons between Previous and Next', async () => {
    mswServer.use(api.get('/request-service', () => page([request()], 48, 8)));
    renderAt('/service-requests', <ServiceRequestsPage />);
    await screen.findByRole('heading', { name: 'Deep clean my salon' });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);
    expect(
      within(nav)
        .getByRole('button', { name: /Previous/ })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(nav).getByRole('button', { name: /Next/ }).hasAttribute('disabled')).toBe(false);
  });

  it('a failed load shows Error with Retry', { timeout: 15_000 }, async () => {
    mswServer.use(api.get('/request-service', () => apiError('INTERNAL', 'Boom')));
    renderAt('/service-requests', <ServiceRequestsPage />);
    // 5xx answers are tried three times (the app's query client) before the panel shows.
    expect(
      await screen.findByText('Server error. Please try again later.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('signed in: My Offers lists received offers; Accept asks the seed warning then accepts; Reject rejects; Past is empty', async () => {
    window.localStorage.setItem('token', 'test-token');
    mswServer.use(
      api.get('/request-service', () => page([request({ isOwner: true })])),
      api.get('/request-service/offers', () => quotes([offer()])),
      api.get('/request-service/my-requests', () => page([], 0, 0)),
      api.put(`/request-service/${REQUEST_ID}/accept-offer/${OFFER_ID}`, () =>
        quoteAnswer(
          'Offer accepted successfully! The service provider has been notified.',
          offer({ status: 'accepted' }),
        ),
      ),
      api.put(`/request-service/${REQUEST_ID}/reject-offer/${OFFER_ID}`, () =>
        quoteAnswer('Offer rejected successfully!', offer({ status: 'rejected' })),
      ),
    );
    renderAt('/service-requests', <ServiceRequestsPage />);
    await screen.findByRole('heading', { name: 'Deep clean my salon' });
    // The owner's own request has no Make an Offer.
    expect(screen.queryByRole('button', { name: 'Make an Offer' })).toBeNull();

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'My Offers' }));
    const card = await screen.findByRole('article', { name: 'Offer from Sparkle Cleaners' });
    expect(within(card).getByRole('link', { name: 'View Store' }).getAttribute('href')).toBe(
      `/Store/${STORE_ID}`,
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Action' });
    expect(
      within(confirm).getByText(
        'Are you sure you want to accept this offer? This action cannot be undone and will reject all other offers.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsTo('PUT', '/accept-offer/')).toHaveLength(1));

    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Offer from Sparkle Cleaners' })).getByRole(
        'button',
        { name: 'Reject' },
      ),
    );
    await waitFor(() => expect(callsTo('PUT', '/reject-offer/')).toHaveLength(1));

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Past' }));
    expect(await screen.findByText('No past requests')).toBeTruthy();
  });

  it('signed in without offers: No offers yet', async () => {
    window.localStorage.setItem('token', 'test-token');
    mswServer.use(
      api.get('/request-service', () => page([])),
      api.get('/request-service/offers', () => quotes([])),
    );
    renderAt('/service-requests', <ServiceRequestsPage />);
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'My Offers' }));
    expect(await screen.findByText('No offers yet')).toBeTruthy();
  });
});

describe('/request-service', () => {
  it('lists every problem under Please fix the following errors: and posts nothing', async () => {
    window.localStorage.setItem('token', 'test-token');
    renderAt('/request-service', <RequestServicePage />);
    const form = await screen.findByRole('form', { name: 'Service request' });
    expect(screen.getByLabelText('Minimum budget (KSH)').getAttribute('step')).toBe('0.01');
    expect(screen.getByLabelText('Maximum budget (KSH)').getAttribute('step')).toBe('0.01');
    for (const name of ['Licensed', 'Insurance', 'References', 'Portfolio']) {
      expect(screen.getByRole('checkbox', { name })).toBeTruthy();
    }
    fireEvent.submit(form);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Please fix the following errors:')).toBeTruthy();
    expect(
      within(alert).getByText(
        'Missing required fields: title, category, description, budgetMin, budgetMax, timeline, location',
      ),
    ).toBeTruthy();

    fillFields({ Title: 'Fix', 'Minimum budget (KSH)': '5000', 'Maximum budget (KSH)': '1000' });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(screen.getByText('Maximum budget must be greater than minimum budget')).toBeTruthy(),
    );
    expect(screen.getByText('Title must be between 5 and 200 characters')).toBeTruthy();
    expect(callsTo('POST', '/request-service')).toHaveLength(0);
  });

  it('posts a valid request with the checked requirements and opens it', async () => {
    window.localStorage.setItem('token', 'test-token');
    const posted: unknown[] = [];
    mswServer.use(
      api.post('/request-service', async ({ request: sent }) => {
        posted.push(await sent.json());
        const created = request();
        return wire(
          ZRequestResponse,
          { success: true, message: 'Service request posted successfully!', request: created, data: created },
          201,
        );
      }),
    );
    renderAt('/request-service', <RequestServicePage />);
    await screen.findByRole('option', { name: 'Beauty & Spa' });
    fillValidRequest({ 'Minimum budget (KSH)': '1000.50', Timeline: 'urgent' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Insurance' }));
    fireEvent.submit(screen.getByRole('form', { name: 'Service request' }));
    expect(await screen.findByText('Request page')).toBeTruthy();
    expect(callsTo('POST', '/request-service')).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      budgetMin: 1000.5,
      budgetMax: 5000,
      timeline: 'urgent',
      requirements: ['Insurance'],
    });
  });

  it('a posting cap answer shows the server wording with the seconds', async () => {
    window.localStorage.setItem('token', 'test-token');
    mswServer.use(
      api.post('/request-service', () =>
        apiError('RATE_LIMITED', 'Too many requests. Please try again in 1200 seconds.'),
      ),
    );
    renderAt('/request-service', <RequestServicePage />);
    await screen.findByRole('option', { name: 'Beauty & Spa' });
    fillValidRequest();
    fireEvent.submit(screen.getByRole('form', { name: 'Service request' }));
    expect(await screen.findByText('Too many requests. Please try again in 1200 seconds.')).toBeTruthy();
  });

  it('signed out: asks to log in', async () => {
    renderAt('/request-service', <RequestServicePage />);
    expect(await screen.findByText('Please log in to access this feature.')).toBeTruthy();
  });
});

describe('/service-request/{id}', () => {
  it('the owner sees the offers with Accept and Reject, and Cancel Request', async () => {
    window.localStorage.setItem('token', 'test-token');
    openRequestPage(request({ isOwner: true }), [offer()]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep clean my salon' })).toBeTruthy();
    const card = screen.getByRole('article', { name: 'Offer from Sparkle Cleaners' });
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel Request' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Make an Offer' })).toBeNull();
  });

  it('an accepted request shows the accepted offer; a completed one asks for a review', async () => {
    window.localStorage.setItem('token', 'test-token');
    const accepted = {
      id: OFFER_ID,
      storeId: STORE_ID,
      storeName: 'Sparkle Cleaners',
      price: 12500.5,
      rating: 4.2,
      estimatedDuration: null,
    };
    openRequestPage(request({ isOwner: true, status: 'completed', acceptedOffer: accepted }), [
      offer({ status: 'accepted' }),
    ]);
    expect(await screen.findByText('Accepted offer: Sparkle Cleaners · KSH 12,500.5')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Review the provider' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(await screen.findByText('Please provide both a rating and a comment.')).toBeTruthy();
  });

  it('the owner of a request in progress gets Book this provider on the accepted offer, leading to the quote wizard', async () => {
    window.localStorage.setItem('token', 'test-token');
    const inProgress = request({ isOwner: true, status: 'in_progress' });
    openRequestPage(inProgress, [offer({ status: 'accepted', requestStatus: 'in_progress' })]);
    const card = await screen.findByRole('article', { name: 'Offer from Sparkle Cleaners' });
    const book = within(card).getByRole('link', { name: 'Book this provider' });
    expect(book.getAttribute('href')).toBe(`/booking/quote/${OFFER_ID}`);
    cleanup();
    // Anyone but the owner gets no booking link.
    const notOwner = request({ isOwner: false, status: 'in_progress' });
    openRequestPage(notOwner, [offer({ status: 'accepted', requestStatus: 'in_progress' })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Deep clean my salon' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Book this provider' })).toBeNull();
  });

  it('a visitor gets Make an Offer behind Login Required; an unknown id shows Service Request Not Found', async () => {
    openRequestPage(request(), []);
    fireEvent.click(await screen.findByRole('button', { name: 'Make an Offer' }));
    expect(await screen.findByRole('dialog', { name: 'Login Required' })).toBeTruthy();
    cleanup();
    mswServer.use(
      api.get(`/request-service/${REQUEST_ID}`, () =>
        apiError('SERVICE_REQUEST_NOT_FOUND', 'Service request not found'),
      ),
    );
    renderAt(`/service-request/${REQUEST_ID}`, <ServiceRequestPage />, '/service-request/:requestId');
    expect(await screen.findByRole('heading', { level: 1, name: 'Service Request Not Found' })).toBeTruthy();
  });
});

describe('/profile/service-requests', () => {
  it('empty tabs show their texts and links', async () => {
    window.localStorage.setItem('token', 'test-token');
    mswServer.use(
      api.get('/request-service/my-requests', () => page([], 0, 0)),
      api.get('/request-service/offers', () => quotes([])),
    );
    renderAt('/profile/service-requests', <MyServiceRequestsPage />);
    expect(await screen.findByText('No service requests yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Service Request' }).getAttribute('href')).toBe(
      '/request-service',
    );
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'My Offers (0)' }));
    expect(await screen.findByText('No offers yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Service Requests' }).getAttribute('href')).toBe(
      '/service-requests',
    );
  });

  it('Load More asks for the next page; the status filter is sent; Refresh reloads', async () => {
    window.localStorage.setItem('token', 'test-token');
    // Each page answers another request (a repeated id would be a repeated React key).
    let served = 0;
    mswServer.use(
      api.get('/request-service/my-requests', ({ request: sent }) => {
        served += 1;
        const id = `00000000-0000-4000-8000-0000000001${String(served).padStart(2, '0')}`;
        const current = Number(new URL(sent.url).searchParams.get('page') ?? '1');
        return page([request({ isOwner: true, id })], 11, 2, current, 10);
      }),
      api.get('/request-service/offers', () => quotes([])),
    );
    renderAt('/profile/service-requests', <MyServiceRequestsPage />);
    expect(await screen.findByRole('tab', { name: 'My Requests (11)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(callsTo('GET', 'my-requests?status=all&page=2')).not.toHaveLength(0));
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'completed' } });
    await waitFor(() => expect(callsTo('GET', 'status=completed')).not.toHaveLength(0));
    const before = callsTo('GET', 'my-requests').length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo('GET', 'my-requests').length).toBeGreaterThan(before));
  });
});
