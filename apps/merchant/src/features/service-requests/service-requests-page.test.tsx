import {
  type TQuote,
  type TServiceRequest,
  ZCategoriesResponse,
  ZQuoteResponse,
  ZQuotesListResponse,
  ZRequestsListResponse,
} from '@d3/shared/service-requests/service-request-schemas';
import { api, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiFieldErrors,
  cleanUpAfterEach,
  meBody,
  meHandler,
  renderMerchant,
  signInMerchant,
} from '../../test/render';
import { ServiceRequestsPage } from './pages/service-requests-page';

const STORE_A = '00000000-0000-4000-8000-00000000000a';
const STORE_B = '00000000-0000-4000-8000-00000000000b';
const REQUEST = '00000000-0000-4000-8000-0000000000e1';

const ME = meBody([
  { id: STORE_A, name: 'Fundi Fixit', category: 'Home Services', location: 'Kilimani' },
  { id: STORE_B, name: 'Fixit Express', category: 'Home Services', location: 'CBD' },
]);

function request(overrides: Partial<TServiceRequest> = {}): TServiceRequest {
  return {
    id: REQUEST,
    title: 'Fix a leaking kitchen sink',
    category: 'Home Services',
    description: 'The pipe under the sink leaks when the tap runs.',
    budget: 'KSH 1,000 - 5,000',
    budgetMin: 1000,
    budgetMax: 5000,
    timeline: 'thisweek',
    location: 'Kilimani, Nairobi',
    requirements: [],
    priority: 'normal',
    status: 'active',
    verified: true,
    postedBy: 'Amina N.',
    postedTime: '2026-11-23T08:00:00+03:00',
    offers: 1,
    offersCount: 1,
    acceptedOffer: null,
    isOwner: false,
    hasMyOffer: false,
    reviewed: false,
    createdAt: '2026-11-23T08:00:00+03:00',
    updatedAt: '2026-11-23T08:00:00+03:00',
    ...overrides,
  };
}

function quote(id: string, status: TQuote['status']): TQuote {
  return {
    id,
    requestId: REQUEST,
    requestTitle: 'Fix a leaking kitchen sink',
    requestCategory: 'Home Services',
    requestStatus: 'active',
    storeName: 'Fundi Fixit',
    storeId: STORE_A,
    providerName: 'Fundi Fixit',
    providerId: 'm1',
    quotedPrice: 2500,
    price: 2500,
    estimatedDuration: '2 hours',
    availability: 'Tomorrow 9 AM',
    includesSupplies: true,
    warranty: null,
    responseTime: 'Within 1 hour',
    verified: false,
    rating: 0,
    reviews: 0,
    storeDetails: {
      id: STORE_A,
      name: 'Fundi Fixit',
      logo: null,
      location: 'Kilimani',
      category: 'Home Services',
      rating: 0,
      totalReviews: 0,
      verified: false,
    },
    message: 'I can replace the seal and test the pipe.',
    createdAt: '2026-11-23T09:00:00+03:00',
    status,
    avatar: null,
  };
}

type TCall = { method: string; path: string; query: string; body: unknown };
let seen: TSeenRequest[];
/** What the page sent, the path without `/api/v1` (bodies are read as the requests arrive). */
const calls = (): TCall[] =>
  seen.map((request) => ({
    method: request.method,
    path: request.url.pathname.replace('/api/v1', ''),
    query: request.url.search,
    body: request.body ? JSON.parse(request.body) : null,
  }));
let quoteAnswer: () => Response;
let quotes: TQuote[];

const submitted = () =>
  wire(
    ZQuoteResponse,
    {
      success: true,
      message: 'Offer submitted successfully!',
      offer: quote('q3', 'pending'),
      data: quote('q3', 'pending'),
    },
    201,
  );

/** One page of quotes or requests as the lists answer it. */
const page = (total: number, limit: number) => ({
  page: 1,
  currentPage: 1,
  limit,
  total,
  totalPages: 1,
  hasNextPage: false,
});

beforeEach(() => {
  signInMerchant();
  seen = recordRequests();
  quotes = [quote('q1', 'pending'), quote('q2', 'accepted')];
  quoteAnswer = submitted;
  mswServer.use(
    meHandler(ME),
    api.get('/request-service/categories', () =>
      wire(ZCategoriesResponse, {
        success: true,
        categories: [
          { name: 'Home Services', count: 1 },
          { name: 'Beauty', count: 0 },
        ],
      }),
    ),
    api.get('/request-service', ({ request: sent }) => {
      const beauty = new URL(sent.url).searchParams.get('category') === 'Beauty';
      const list = beauty ? [] : [request()];
      return wire(ZRequestsListResponse, {
        success: true,
        requests: list,
        data: list,
        pagination: page(list.length, 6),
      });
    }),
    api.post(`/request-service/${REQUEST}/offers`, () => quoteAnswer()),
    api.get('/request-service/offers', () =>
      wire(ZQuotesListResponse, {
        success: true,
        offers: quotes,
        data: quotes,
        pagination: page(quotes.length, 12),
      }),
    ),
    api.put('/marketplace/offers/q1/withdraw', () => {
      quotes = [quote('q1', 'withdrawn'), quote('q2', 'accepted')];
      return wire(ZQuoteResponse, {
        success: true,
        message: 'Offer withdrawn successfully',
        offer: quotes[0]!,
        data: quotes[0]!,
      });
    }),
  );
});

cleanUpAfterEach();

function renderPage(path = '/service-requests') {
  renderMerchant([{ path: '/service-requests', element: <ServiceRequestsPage /> }], path);
}

describe('merchant service requests', () => {
  it('lists open requests and filters them by category', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Fix a leaking kitchen sink' })).toBeTruthy();
    expect(screen.getByText('KSH 1,000 - 5,000')).toBeTruthy();
    expect(screen.getByText('This week')).toBeTruthy();

    await screen.findByRole('option', { name: 'Beauty (0)' });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Beauty' } });
    expect(await screen.findByText('No open requests')).toBeTruthy();
    expect(calls().some((c) => c.path === '/request-service' && c.query.includes('category=Beauty'))).toBe(
      true,
    );
  });

  it('sends a quote for the chosen store, after checking the message length and showing server errors inline', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Send a quote' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(await within(dialog).findByLabelText('Store'), { target: { value: STORE_B } });
    fireEvent.change(within(dialog).getByLabelText('Your price (KES)'), { target: { value: '2500' } });
    fireEvent.change(within(dialog).getByLabelText('Message to the customer'), {
      target: { value: 'Too short' },
    });
    fireEvent.change(within(dialog).getByLabelText('Availability'), { target: { value: 'Tomorrow 9 AM' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(within(dialog).getByText('Message must be between 10 and 1000 characters')).toBeTruthy();
    expect(calls().some((c) => c.method === 'POST')).toBe(false);

    // The server refuses one field: the message sits under that field.
    quoteAnswer = () =>
      apiFieldErrors(
        'VALIDATION_ERROR',
        { availability: 'Availability is required' },
        'Availability is required',
      );
    fireEvent.change(within(dialog).getByLabelText('Message to the customer'), {
      target: { value: 'I can replace the seal and test the pipe.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    const field = within(dialog).getByLabelText('Availability');
    await vi.waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Availability is required')).toBeTruthy();

    quoteAnswer = submitted;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText('Offer submitted successfully!')).toBeTruthy();
    const posts = calls().filter((c) => c.method === 'POST');
    expect(posts.at(-1)).toMatchObject({
      path: `/request-service/${REQUEST}/offers`,
      body: {
        storeId: STORE_B,
        quotedPrice: 2500,
        message: 'I can replace the seal and test the pipe.',
        availability: 'Tomorrow 9 AM',
        includesSupplies: false,
      },
    });
  });

  it('shows my quotes with their status and withdraws a pending one', async () => {
    renderPage('/service-requests?tab=quotes');
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('pending')).toBeTruthy();
    expect(within(items[1]!).getByText('accepted')).toBeTruthy();
    expect(within(items[1]!).queryByRole('button', { name: 'Withdraw' })).toBeNull();

    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Withdraw' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw quote' }));
    expect(await screen.findByText('Offer withdrawn successfully')).toBeTruthy();
    expect(await screen.findByText('withdrawn')).toBeTruthy();
    expect(calls().some((c) => c.method === 'PUT' && c.path === '/marketplace/offers/q1/withdraw')).toBe(
      true,
    );
  });
});
