import { paginationFor } from '@d3/shared/catalogue/catalogue-schemas';
import {
  type TReview,
  type TStoreReviewsResponse,
  ZReviewChangeResponse,
  ZStoreReviewsResponse,
} from '@d3/shared/engagement/engagement-schemas';
import { api, apiError, wire } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests, type TSeenRequest } from '@d3/test-support/msw/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '../lib/review-messages';
import { ReviewsPanel } from './reviews-panel';

const STORE_ID = '7d1f3c2a-5b6e-4c8d-9e0f-112233445566';
const ME = 'aaaaaaaa-0000-4000-8000-000000000001';
const SOMEONE = 'bbbbbbbb-0000-4000-8000-000000000002';

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token shaped like the API's (the panel reads `sub` to find the author's own review). */
function tokenFor(sub: string): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ sub, role: 'customer', exp })}.signature`;
}

let sequence = 0;
function review(overrides: Partial<TReview> = {}): TReview {
  sequence += 1;
  const createdAt = new Date(Date.UTC(2026, 2, 10 + sequence, 9)).toISOString();
  const userId = overrides.userId ?? SOMEONE;
  const text = overrides.text ?? `Review number ${sequence}`;
  const name = overrides.name ?? 'Baraka O.';
  return {
    id: `cccccccc-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    storeId: STORE_ID,
    store_id: STORE_ID,
    rating: 4,
    text,
    comment: text,
    name,
    customerName: name,
    userId,
    user_id: userId,
    createdAt,
    created_at: createdAt,
    date: createdAt,
    updatedAt: createdAt,
    response: null,
    ...overrides,
  };
}

/** A small in-memory reviews API: the list answers what was created and updated before it. */
let reviews: TReview[] = [];
let listStatus = 200;
let createStatus = 201;
/** Issue 14: what the server says about the caller's right to review (absent: not sent). */
let eligibility: TStoreReviewsResponse['reviewEligibility'];
let seen: TSeenRequest[];

/** The `sub` of the bearer token a request carried (null for a visitor). */
function callerOf(request: Request): string | null {
  const header = request.headers.get('Authorization');
  const payload = header?.replace(/^Bearer /, '').split('.')[1];
  if (!payload) return null;
  const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string };
  return claims.sub ?? null;
}

function listBody(page: number, callerId: string | null = null): TStoreReviewsResponse {
  const total = reviews.length;
  const sum = reviews.reduce((acc, item) => acc + item.rating, 0);
  const distribution: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  for (const item of reviews)
    distribution[String(item.rating)] = (distribution[String(item.rating)] ?? 0) + 1;
  const sorted = [...reviews].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    success: true,
    reviews: sorted.slice((page - 1) * 10, page * 10),
    stats: {
      averageRating: total ? Math.round((sum / total) * 100) / 100 : 0,
      totalReviews: total,
      distribution,
    },
    pagination: { ...paginationFor(page, 10, total), totalReviews: total },
    userReview: (callerId && reviews.find((item) => item.userId === callerId)) || null,
    ...(eligibility ? { reviewEligibility: eligibility } : {}),
  };
}

/** Chooses the stars, writes the comment and presses Submit Review in the review form. */
function submitReview(form: HTMLElement, stars: string, comment: string) {
  fireEvent.click(within(form).getByRole('radio', { name: stars }));
  fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: comment } });
  fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
}

function renderPanel() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/store/:storeId',
        element: <ReviewsPanel storeId={STORE_ID} storeName="Serenity Spa" />,
      },
    ],
    { initialEntries: [`/store/${STORE_ID}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const requests = (method: string) => seen.filter((request) => request.method === method);

/** The JSON body of a recorded request (read once the recorder has it). */
async function bodyOf(request: TSeenRequest | undefined): Promise<unknown> {
  await waitFor(() => expect(request?.body).not.toBe(''));
  return JSON.parse(String(request?.body));
}

beforeEach(() => {
  window.localStorage.clear();
  sequence = 0;
  reviews = [];
  listStatus = 200;
  createStatus = 201;
  eligibility = undefined;
  seen = recordRequests();
  mswServer.use(
    api.get(`/stores/${STORE_ID}/reviews`, ({ request }) => {
      if (listStatus !== 200) return apiError('INTERNAL', 'Boom');
      const url = new URL(request.url);
      return wire(
        ZStoreReviewsResponse,
        listBody(Number(url.searchParams.get('page') ?? '1'), callerOf(request)),
      );
    }),
    api.post('/reviews', async ({ request }) => {
      const body = (await request.json()) as { store_id: string; rating: number; text: string };
      if (createStatus === 409) return apiError('REVIEW_EXISTS', REVIEW_MESSAGES.duplicate);
      if (createStatus !== 201) return apiError('INTERNAL', 'Boom');
      const created = review({ userId: ME, name: 'Amina O.', rating: body.rating, text: body.text });
      reviews.push(created);
      return wire(
        ZReviewChangeResponse,
        { success: true, message: REVIEW_MESSAGES.submitted, review: created, stats: listBody(1).stats },
        201,
      );
    }),
    api.put('/reviews/:id', async ({ request, params }) => {
      const body = (await request.json()) as { rating: number; text: string };
      reviews = reviews.map((item) =>
        item.id === params.id ? { ...item, rating: body.rating, text: body.text, comment: body.text } : item,
      );
      const updated = reviews.find((item) => item.id === params.id);
      if (!updated) return apiError('NOT_FOUND', 'Review not found');
      return wire(ZReviewChangeResponse, {
        success: true,
        message: REVIEW_MESSAGES.updated,
        review: updated,
        stats: listBody(1).stats,
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function signIn(userId = ME) {
  window.localStorage.setItem('token', tokenFor(userId));
}

/** Signs the customer in, draws the panel and returns its review form once it shows. */
async function openReviewForm() {
  signIn();
  renderPanel();
  return screen.findByRole('form', { name: 'Write a review' });
}

describe('ReviewsPanel', () => {
  it('asks for a rating 1–5 and counts the comment live against 500', async () => {
    const form = await openReviewForm();
    for (const name of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars']) {
      expect(within(form).getByRole('radio', { name })).toBeTruthy();
    }
    expect(within(form).getByText('0/500')).toBeTruthy();
    const box = within(form).getByLabelText('Your review') as HTMLTextAreaElement;
    expect(box.maxLength).toBe(500);
    fireEvent.change(box, { target: { value: 'Lovely massage' } });
    expect(within(form).getByText('14/500')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(500) } });
    expect(within(form).getByText('500/500')).toBeTruthy();
  });

  it('refuses a missing rating or a blank comment with the seed message and sends nothing', async () => {
    const form = await openReviewForm();
    fireEvent.change(within(form).getByLabelText('Your review'), { target: { value: 'Great staff' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Submit Review' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please provide both a rating and a comment.');

    submitReview(form, '5 stars', '   ');
    expect(within(form).getByRole('alert').textContent).toBe('Please provide both a rating and a comment.');
    expect(requests('POST')).toHaveLength(0);
  });

  it('submits the rating and trimmed comment, lists the review and hides the form', async () => {
    signIn();
    renderPanel();
    expect(await screen.findByText(REVIEW_MESSAGES.empty, { selector: 'p.text-base' })).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Write a review' });
    submitReview(form, '4 stars', '  Calm and clean.  ');

    expect(await screen.findByText(REVIEW_MESSAGES.submitted)).toBeTruthy();
    expect(await bodyOf(requests('POST')[0])).toEqual({
      store_id: STORE_ID,
      rating: 4,
      text: 'Calm and clean.',
    });
    const item = await screen.findByRole('article', { name: /Amina O\./ });
    expect(within(item).getByTestId('review-text').textContent).toBe('Calm and clean.');
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(within(screen.getByTestId('review-stats')).getByText('4.0')).toBeTruthy();
    expect(within(screen.getByTestId('review-stats')).getByText('Based on 1 review')).toBeTruthy();
  });

  it('shows the pen only on the signed-in author’s own review', async () => {
    reviews = [review({ userId: SOMEONE, name: 'Baraka O.' }), review({ userId: ME, name: 'Amina O.' })];
    signIn();
    renderPanel();
    const mine = await screen.findByRole('article', { name: /Amina O\./ });
    const theirs = screen.getByRole('article', { name: /Baraka O\./ });
    expect(within(mine).getByRole('button', { name: 'Edit your review' })).toBeTruthy();
    expect(within(theirs).queryByRole('button', { name: 'Edit your review' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Edit your review' })).toHaveLength(1);
    // The author has a review already: no second form.
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('shows no pen and a sign-in prompt back to the reviews to a visitor', async () => {
    reviews = [review({ userId: ME, name: 'Amina O.' })];
    renderPanel();
    await screen.findByRole('article', { name: /Amina O\./ });
    expect(screen.queryByRole('button', { name: 'Edit your review' })).toBeNull();
    expect(screen.getByText('Please log in to submit a review.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
      `/accounts/sign-in?redirect=${encodeURIComponent(`/store/${STORE_ID}#reviews`)}`,
    );
  });

  it('edits inline, Cancel keeps the old text, Save shows the success message for 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    reviews = [review({ userId: ME, name: 'Amina O.', rating: 4, text: 'Good but busy.' })];
    signIn();
    renderPanel();
    const item = await screen.findByRole('article', { name: /Amina O\./ });

    fireEvent.click(within(item).getByRole('button', { name: 'Edit your review' }));
    let editor = within(item).getByRole('form', { name: 'Edit your review' });
    expect((within(editor).getByLabelText('Your review') as HTMLTextAreaElement).value).toBe(
      'Good but busy.',
    );
    expect((within(editor).getByRole('radio', { name: '4 stars' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(editor).getByLabelText('Your review'), { target: { value: 'Changed my mind' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Cancel' }));
    expect(within(item).getByTestId('review-text').textContent).toBe('Good but busy.');
    expect(requests('PUT')).toHaveLength(0);

    fireEvent.click(within(item).getByRole('button', { name: 'Edit your review' }));
    editor = within(item).getByRole('form', { name: 'Edit your review' });
    fireEvent.click(within(editor).getByRole('radio', { name: '2 stars' }));
    fireEvent.change(within(editor).getByLabelText('Your review'), { target: { value: 'Waited an hour.' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));

    expect(await within(item).findByText(REVIEW_MESSAGES.updated)).toBeTruthy();
    expect(within(item).getByTestId('review-text').textContent).toBe('Waited an hour.');
    expect(within(item).getByRole('img', { name: 'Rated 2 out of 5' })).toBeTruthy();
    const put = requests('PUT')[0];
    expect(put?.url.pathname).toBe(`/api/v1/reviews/${reviews[0]!.id}`);
    expect(await bodyOf(put)).toEqual({ rating: 2, text: 'Waited an hour.' });

    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText(REVIEW_MESSAGES.updated)).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText(REVIEW_MESSAGES.updated)).toBeNull();
  });

  it('shows the merchant’s response under the review it answers', async () => {
    reviews = [
      review({
        name: 'Baraka O.',
        text: 'Towels were cold.',
        response: { text: 'Sorry! We fixed the heater.', respondedAt: '2026-03-20T08:00:00.000Z' },
      }),
      review({ name: 'Wanjiru K.', text: 'Perfect.' }),
    ];
    renderPanel();
    const answered = await screen.findByRole('article', { name: /Baraka O\./ });
    const response = within(answered).getByTestId('review-response');
    expect(response.textContent).toContain('Response from Serenity Spa');
    expect(response.textContent).toContain('Sorry! We fixed the heater.');
    expect(within(response).getByText('20 Mar 2026')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: /Wanjiru K\./ })).queryByTestId('review-response'),
    ).toBeNull();
  });

  it('lists 10 per page, newest first, and Next asks for page 2', async () => {
    reviews = Array.from({ length: 12 }, (_, index) => review({ name: `Reviewer ${index + 1}` }));
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Reviews of Serenity Spa' });
    const names = within(list)
      .getAllByRole('article')
      .map((node) => node.getAttribute('aria-labelledby'));
    expect(names).toHaveLength(10);
    expect(within(list).getAllByRole('article')[0]!.textContent).toContain('Reviewer 12');
    const firstUrl = seen[0]!.url;
    expect(Object.fromEntries(firstUrl.searchParams)).toEqual({ page: '1', limit: '10', sortBy: 'newest' });

    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(within(list).getAllByRole('article')[0]!.textContent).toContain('Reviewer 2');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('knows the customer’s own review from `userReview` when it is on another page, and edits it there', async () => {
    const mineFirst = review({ userId: ME, name: 'Amina O.', rating: 3, text: 'My old review.' });
    reviews = [mineFirst, ...Array.from({ length: 10 }, (_, index) => review({ name: `Reviewer ${index}` }))];
    signIn();
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Reviews of Serenity Spa' });
    expect(within(list).queryByRole('article', { name: /Amina O\./ })).toBeNull();
    // No second form: their review is shown beside the list with its pen.
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Your review' })).toBeTruthy();
    const mine = screen.getByRole('article', { name: /Amina O\./ });
    expect(within(mine).getByTestId('review-text').textContent).toBe('My old review.');

    fireEvent.click(within(mine).getByRole('button', { name: 'Edit your review' }));
    const editor = within(mine).getByRole('form', { name: 'Edit your review' });
    fireEvent.click(within(editor).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(editor).getByLabelText('Your review'), { target: { value: 'Much better now.' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    expect(await within(mine).findByText(REVIEW_MESSAGES.updated)).toBeTruthy();
    await waitFor(() => expect(within(mine).getByTestId('review-text').textContent).toBe('Much better now.'));
    expect(requests('PUT')[0]?.url.pathname).toBe(`/api/v1/reviews/${mineFirst.id}`);
  });

  it('a visitor and another customer still get the form (userReview is theirs only)', async () => {
    reviews = [review({ userId: ME, name: 'Amina O.' })];
    signIn(SOMEONE);
    renderPanel();
    expect(await screen.findByRole('form', { name: 'Write a review' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit your review' })).toBeNull();
  });

  it('shows why the form is unavailable when the server says the customer may not review', async () => {
    eligibility = {
      canReview: false,
      reason: 'booking_required',
      message: 'You can review this store after you complete a booking with it.',
    };
    signIn();
    renderPanel();
    expect((await screen.findByTestId('review-unavailable')).textContent).toContain(
      'You can review this store after you complete a booking with it.',
    );
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('says when the customer already reviewed the store', async () => {
    createStatus = 409;
    const form = await openReviewForm();
    submitReview(form, '3 stars', 'Again');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already reviewed this store. You can edit your existing review instead.',
    );
  });

  it('keeps the text and says so when submitting fails', async () => {
    createStatus = 500;
    const form = await openReviewForm();
    submitReview(form, '5 stars', 'Brilliant');
    expect((await within(form).findByRole('alert')).textContent).toBe(REVIEW_MESSAGES.submitFailed);
    expect((within(form).getByLabelText('Your review') as HTMLTextAreaElement).value).toBe('Brilliant');
  });

  it('offers Try Again when the reviews fail to load', async () => {
    listStatus = 500;
    reviews = [review({ name: 'Baraka O.' })];
    renderPanel();
    expect(await screen.findByText('Failed to load reviews. Please try again.')).toBeTruthy();
    listStatus = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: /Baraka O\./ })).toBeTruthy();
  });
});
