import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serviceRequestQuotes, serviceRequests } from '../../db/schema/service-requests.js';
import { stores } from '../../db/schema/stores.js';
import type { DomainEvents } from '../../events/event-bus.js';
import { registerCustomer } from '../../test/accounts-helpers.js';
import { API, call, getOk, UNKNOWN_ID, useApiTestApp } from '../../test/build-app.js';
import { expectProblem, expectRateLimited } from '../../test/problems.js';
import { storedStatus, validQuote, validServiceRequest } from '../../test/service-requests.js';

const ctx = useApiTestApp();

const customer = (firstName = 'Amina', lastName = 'Njeri') => ctx.customer({ firstName, lastName });

async function merchant() {
  const account = await ctx.merchant();
  const store = await ctx.createStore({ merchantId: account.merchant.id });
  return { ...account, store };
}

async function postRequest(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call(ctx.app, 'POST', `${API}/request-service`, {
    token,
    body: validServiceRequest(overrides),
  });
  expect(response.statusCode).toBe(201);
  return response.json().request as { id: string; title: string };
}

async function quote(requestId: string, m: { token: string; store: { id: string } }, overrides = {}) {
  const response = await call(ctx.app, 'POST', `${API}/request-service/${requestId}/offers`, {
    token: m.token,
    body: validQuote(m.store.id, overrides),
  });
  expect(response.statusCode).toBe(201);
  return response.json().offer as { id: string; status: string };
}

function captureEvents<K extends keyof DomainEvents>(name: K) {
  const seen: DomainEvents[K][] = [];
  const off = ctx.app.events.on(name, (payload) => {
    seen.push(payload);
  });
  return { seen, off };
}

const quoteStatus = (id: string) => storedStatus(ctx.app.db, serviceRequestQuotes, id);

describe('POST /request-service', () => {
  it('posts a request and answers the seed success text with the stored request', async () => {
    const { token } = await customer();
    const response = await call(ctx.app, 'POST', `${API}/request-service`, {
      token,
      body: validServiceRequest({
        requirements: ['Licensed', 'Insurance'],
        budgetMin: '1000.50',
        priority: 'high',
      }),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Service request posted successfully!');
    expect(body.request).toMatchObject({
      title: 'Deep clean my salon',
      category: 'Beauty & Spa',
      budgetMin: 1000.5,
      budgetMax: 5000,
      budget: 'KSH 1,000.5 - 5,000',
      timeline: 'thisweek',
      requirements: ['Licensed', 'Insurance'],
      priority: 'high',
      status: 'active',
      postedBy: 'Amina N.',
      offersCount: 0,
      acceptedOffer: null,
      isOwner: true,
    });
  });

  it.each([
    [
      'nothing',
      {},
      'Missing required fields: title, category, description, budgetMin, budgetMax, timeline, location',
    ],
    ['no budgets', { budgetMin: undefined, budgetMax: '' }, 'Missing required fields: budgetMin, budgetMax'],
    [
      'max below min',
      { budgetMin: 5000, budgetMax: 1000 },
      'Maximum budget must be greater than minimum budget',
    ],
    [
      'max equal min',
      { budgetMin: 5000, budgetMax: 5000 },
      'Maximum budget must be greater than minimum budget',
    ],
    ['negative budget', { budgetMin: -1 }, 'Budget cannot be negative'],
    ['short title', { title: 'Fix' }, 'Title must be between 5 and 200 characters'],
    ['short description', { description: 'short' }, 'Description must be between 10 and 2000 characters'],
    ['short location', { location: 'Nb' }, 'Location must be between 3 and 255 characters'],
    [
      'bad timeline',
      { timeline: 'someday' },
      'Timeline must be one of: urgent, thisweek, nextweek, thismonth, flexible',
    ],
    ['bad priority', { priority: 'asap' }, 'Priority must be one of: low, normal, high, urgent'],
    [
      'bad requirement',
      { requirements: ['Licensed', 'Cheap'] },
      'Requirements must be among: Licensed, Insurance, References, Portfolio',
    ],
    ['title as object', { title: { $gt: '' } }, 'Title must be between 5 and 200 characters'],
  ])('%s is 400 with the seed message', async (_name, overrides, message) => {
    const { token, user } = await customer();
    const body = _name === 'nothing' ? {} : validServiceRequest(overrides);
    const response = await call(ctx.app, 'POST', `${API}/request-service`, { token, body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', message });
    const rows = await ctx.app.db.select().from(serviceRequests).where(eq(serviceRequests.userId, user.id));
    expect(rows).toEqual([]);
  });

  it('an unknown category is 400 and a visitor or merchant cannot post', async () => {
    const { token } = await customer();
    const unknown = await call(ctx.app, 'POST', `${API}/request-service`, {
      token,
      body: validServiceRequest({ category: 'Rocket Repair' }),
    });
    expectProblem(unknown, 400, 'Unknown category');
    const visitor = await call(ctx.app, 'POST', `${API}/request-service`, { body: validServiceRequest() });
    expect(visitor.statusCode).toBe(401);
    const m = await merchant();
    const asMerchant = await call(ctx.app, 'POST', `${API}/request-service`, {
      token: m.token,
      body: validServiceRequest(),
    });
    expect(asMerchant.statusCode).toBe(403);
  });

  it('keeps NUL-free text and $& literally', async () => {
    const { token } = await customer();
    const created = await postRequest(token, { title: 'Fix $& and $1 please' });
    const detail = await call(ctx.app, 'GET', `${API}/request-service/${created.id}`);
    expect(detail.json().request.title).toBe('Fix $& and $1 please');
    const nul = await call(ctx.app, 'POST', `${API}/request-service`, {
      token,
      body: validServiceRequest({ title: 'Bad\u0000title' }),
    });
    expect(nul.statusCode).toBe(400);
  });

  it('posting is rate-limited per customer: the sixth post in an hour is 429 with Retry-After', async () => {
    const a = await customer();
    for (let i = 0; i < 5; i++) await postRequest(a.token, { title: `Request number ${i}` });
    const sixth = await call(ctx.app, 'POST', `${API}/request-service`, {
      token: a.token,
      body: validServiceRequest(),
    });
    expectRateLimited(sixth, 3500, 3600);
    // Another customer is not affected.
    const b = await customer();
    await postRequest(b.token);
  });
});

describe('GET /request-service lists', () => {
  it('public list: limit 6, newest first, filters category, budget range, timeline, search; all/empty dropped', async () => {
    const { token } = await customer();
    const marker = `zq${Date.now().toString(36)}`;
    const c2 = await customer();
    await postRequest(token, {
      title: `${marker} cheap job`,
      budgetMin: 100,
      budgetMax: 900,
      timeline: 'urgent',
    });
    await postRequest(token, {
      title: `${marker} mid job`,
      budgetMin: 2000,
      budgetMax: 8000,
      category: 'Health & Fitness',
    });
    await postRequest(c2.token, {
      title: `${marker} big job`,
      budgetMin: 60000,
      budgetMax: 90000,
      timeline: 'flexible',
    });

    const list = (query: string) => getOk(ctx.app, `${API}/request-service?search=${marker}&${query}`);
    const all = await list('category=all&budget=&timeline=All');
    expect(all.requests.map((r: { title: string }) => r.title)).toEqual([
      `${marker} big job`,
      `${marker} mid job`,
      `${marker} cheap job`,
    ]);
    expect(all.pagination).toMatchObject({ page: 1, limit: 6, total: 3, totalPages: 1, hasNextPage: false });
    expect((await list('budget=0-1000')).requests.map((r: { title: string }) => r.title)).toEqual([
      `${marker} cheap job`,
    ]);
    expect((await list('budget=50000%2B')).requests.map((r: { title: string }) => r.title)).toEqual([
      `${marker} big job`,
    ]);
    expect((await list('timeline=urgent')).requests).toHaveLength(1);
    expect((await list('category=Health %26 Fitness')).requests[0].title).toBe(`${marker} mid job`);
    expect((await list('limit=2')).pagination).toMatchObject({ limit: 2, totalPages: 2, hasNextPage: true });

    const unfiltered = await call(ctx.app, 'GET', `${API}/request-service`);
    expect(unfiltered.json().pagination.limit).toBe(6);
    expect(unfiltered.json().requests.length).toBeLessThanOrEqual(6);
    const search = await call(ctx.app, 'GET', `${API}/request-service/search?q=${marker}%20big`);
    expect(search.json().requests.map((r: { title: string }) => r.title)).toEqual([`${marker} big job`]);
  });

  it('search treats % and _ literally', async () => {
    const { token } = await customer();
    await postRequest(token, { title: 'Percent 100% sure job' });
    const response = await call(ctx.app, 'GET', `${API}/request-service?search=${encodeURIComponent('0%_')}`);
    expect(response.json().requests).toEqual([]);
  });

  it('categories and statistics are public and count real rows', async () => {
    const categories = await call(ctx.app, 'GET', `${API}/request-service/categories`);
    expect(categories.statusCode).toBe(200);
    const names = categories.json().categories.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Beauty & Spa', 'Health & Fitness', 'Food & Dining']));
    const before = (await call(ctx.app, 'GET', `${API}/request-service/statistics`)).json().statistics;
    const { token } = await customer();
    await postRequest(token, { budgetMin: 0, budgetMax: 100 });
    const after = (await call(ctx.app, 'GET', `${API}/request-service/statistics`)).json().statistics;
    expect(after.totalRequests).toBe(before.totalRequests + 1);
    expect(after.openRequests).toBe(before.openRequests + 1);
  });

  it('my requests (limit 10, status filter past/open, search) need a customer', async () => {
    const { token } = await customer();
    const first = await postRequest(token, { title: 'Paint the front door' });
    await postRequest(token, { title: 'Fix the garden tap' });
    const mine = await call(ctx.app, 'GET', `${API}/request-service/my-requests`, { token });
    expect(mine.json().pagination).toMatchObject({ limit: 10, total: 2 });
    expect(mine.json().requests.every((r: { isOwner: boolean }) => r.isOwner)).toBe(true);
    await call(ctx.app, 'PUT', `${API}/request-service/${first.id}/cancel`, { token });
    const past = await call(ctx.app, 'GET', `${API}/request-service/my-requests?status=past`, { token });
    expect(past.json().requests.map((r: { title: string; status: string }) => [r.title, r.status])).toEqual([
      ['Paint the front door', 'cancelled'],
    ]);
    const open = await call(ctx.app, 'GET', `${API}/request-service/my-requests?status=open&search=garden`, {
      token,
    });
    expect(open.json().requests.map((r: { title: string }) => r.title)).toEqual(['Fix the garden tap']);
    expect((await call(ctx.app, 'GET', `${API}/request-service/my-requests`)).statusCode).toBe(401);
  });

  it('unknown and malformed ids: 404 Service request not found, 400 Invalid request ID', async () => {
    const unknown = await call(ctx.app, 'GET', `${API}/request-service/${UNKNOWN_ID}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      code: 'SERVICE_REQUEST_NOT_FOUND',
      message: 'Service request not found',
    });
    const malformed = await call(ctx.app, 'GET', `${API}/request-service/not-a-uuid`);
    expectProblem(malformed, 400, 'Invalid request ID');
  });
});

describe('quotes', () => {
  it('a merchant quotes for its own store; the owner sees it with offersCount; offer_created is published', async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const m = await merchant();
    const events = captureEvents('service_request.offer_created');
    const response = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/offers`, {
      token: m.token,
      body: validQuote(m.store.id),
    });
    events.off();
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe('Offer submitted successfully!');
    expect(body.offer).toMatchObject({
      requestId: request.id,
      requestTitle: 'Deep clean my salon',
      storeId: m.store.id,
      storeName: m.store.name,
      quotedPrice: 2500,
      price: 2500,
      estimatedDuration: '3 hours',
      includesSupplies: true,
      warranty: '1 week re-clean',
      availability: 'Saturday from 9am',
      responseTime: 'Quick (within 1 hour)',
      status: 'pending',
      verified: false,
    });
    await ctx.app.events.drain();
    expect(events.seen).toHaveLength(1);
    expect(events.seen[0]).toMatchObject({
      requestId: request.id,
      offerId: body.offer.id,
      ownerUserId: owner.user.id,
      storeId: m.store.id,
      merchantUserId: m.merchant.id,
      quotedPrice: 2500,
      requestTitle: 'Deep clean my salon',
    });
    expect(events.seen[0]!.at).toBeInstanceOf(Date);

    const detail = await call(ctx.app, 'GET', `${API}/request-service/${request.id}`, { token: owner.token });
    expect(detail.json().request).toMatchObject({ offersCount: 1, offers: 1, acceptedOffer: null });
    expect(detail.json().offers.map((o: { id: string }) => o.id)).toEqual([body.offer.id]);
    const anonymous = await call(ctx.app, 'GET', `${API}/request-service/${request.id}`);
    expect(anonymous.json().offers).toEqual([]);
    expect(anonymous.json().request.offersCount).toBe(1);
    const asMerchant = await call(ctx.app, 'GET', `${API}/request-service/${request.id}`, { token: m.token });
    expect(asMerchant.json().request.hasMyOffer).toBe(true);

    const received = await call(ctx.app, 'GET', `${API}/request-service/offers?status=pending`, {
      token: owner.token,
    });
    expect(received.json().offers.map((o: { id: string }) => o.id)).toEqual([body.offer.id]);
    const made = await call(ctx.app, 'GET', `${API}/marketplace/offers`, { token: m.token });
    expect(made.json().offers.map((o: { id: string }) => o.id)).toEqual([body.offer.id]);
    const perRequest = await call(ctx.app, 'GET', `${API}/request-service/${request.id}/offers`, {
      token: owner.token,
    });
    expect(perRequest.json().offers).toHaveLength(1);
    const other = await customer();
    const foreign = await call(ctx.app, 'GET', `${API}/request-service/${request.id}/offers`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it.each([
    ['price 0', { quotedPrice: 0 }, 'Quoted price must be greater than 0'],
    ['negative price', { quotedPrice: -10 }, 'Quoted price must be greater than 0'],
    ['message of 9', { message: 'Too short' }, 'Message must be between 10 and 1000 characters'],
    ['message of 1001', { message: 'a'.repeat(1001) }, 'Message must be between 10 and 1000 characters'],
    ['no availability', { availability: '' }, 'Availability is required'],
    ['availability of 201', { availability: 'a'.repeat(201) }, 'Availability must be at most 200 characters'],
    ['no store', { storeId: undefined }, 'Store ID is required'],
  ])('quote with %s is 400', async (_name, overrides, message) => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const m = await merchant();
    const response = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/offers`, {
      token: m.token,
      body: validQuote(m.store.id, overrides),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
  });

  it("another merchant's store is 403, a customer cannot quote, one live quote per store (409), closed requests 409", async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const m = await merchant();
    const other = await merchant();
    const foreign = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/offers`, {
      token: m.token,
      body: validQuote(other.store.id),
    });
    expectProblem(foreign, 403, 'You can only make offers for your own stores.');
    const asCustomer = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/offers`, {
      token: owner.token,
      body: validQuote(m.store.id),
    });
    expect(asCustomer.statusCode).toBe(403);
    const unknownRequest = await call(ctx.app, 'POST', `${API}/request-service/${UNKNOWN_ID}/offers`, {
      token: m.token,
      body: validQuote(m.store.id),
    });
    expect(unknownRequest.statusCode).toBe(404);

    const first = await quote(request.id, m);
    const again = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/offers`, {
      token: m.token,
      body: validQuote(m.store.id, { quotedPrice: 1800 }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'DUPLICATE_QUOTE',
      message: 'This store already has an offer on this request. Withdraw it before sending another.',
    });
    // Concurrent duplicates: exactly one more live quote after a withdraw.
    await call(ctx.app, 'PUT', `${API}/marketplace/offers/${first.id}/withdraw`, { token: m.token });
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        call(ctx.app, 'POST', `${API}/request-service/${request.id}/offers`, {
          token: m.token,
          body: validQuote(m.store.id),
        }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);

    await call(ctx.app, 'PUT', `${API}/request-service/${request.id}/cancel`, { token: owner.token });
    const closed = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/offers`, {
      token: other.token,
      body: validQuote(other.store.id),
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({
      code: 'REQUEST_NOT_OPEN',
      message: 'This service request is no longer accepting offers.',
    });
  });

  it('the owner accepts: the quote is accepted, other pending quotes rejected, the request in progress; events published', async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const [a, b, c] = await Promise.all([merchant(), merchant(), merchant()]);
    const qa = await quote(request.id, a, { quotedPrice: 900 });
    const qb = await quote(request.id, b);
    const qc = await quote(request.id, c);
    await call(ctx.app, 'PUT', `${API}/marketplace/offers/${qc.id}/withdraw`, { token: c.token });
    const accepted = captureEvents('service_request.offer_accepted');
    const rejected = captureEvents('service_request.offer_rejected');
    const response = await call(
      ctx.app,
      'PUT',
      `${API}/request-service/${request.id}/accept-offer/${qa.id}`,
      {
        token: owner.token,
      },
    );
    await ctx.app.events.drain();
    accepted.off();
    rejected.off();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Offer accepted successfully! The service provider has been notified.',
      offer: { id: qa.id, status: 'accepted', requestStatus: 'in_progress' },
    });
    expect(await quoteStatus(qb.id)).toBe('rejected');
    expect(await quoteStatus(qc.id)).toBe('withdrawn');
    expect(accepted.seen.map((e) => e.offerId)).toEqual([qa.id]);
    expect(rejected.seen.map((e) => [e.offerId, e.merchantUserId])).toEqual([[qb.id, b.merchant.id]]);
    const detail = (await call(ctx.app, 'GET', `${API}/request-service/${request.id}`)).json().request;
    expect(detail).toMatchObject({
      status: 'in_progress',
      offersCount: 2,
      acceptedOffer: { id: qa.id, storeId: a.store.id, storeName: a.store.name, price: 900, rating: 0 },
    });
  });

  it('another customer accepting is 403; accepting a rejected quote is 400; a visitor is 401', async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const m = await merchant();
    const q = await quote(request.id, m);
    const other = await customer();
    const foreign = await call(ctx.app, 'PUT', `${API}/request-service/${request.id}/accept-offer/${q.id}`, {
      token: other.token,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({
      code: 'NOT_REQUEST_OWNER',
      message: 'Only the customer who posted this request can do that.',
    });
    const foreignReject = await call(
      ctx.app,
      'PUT',
      `${API}/request-service/${request.id}/reject-offer/${q.id}`,
      {
        token: other.token,
      },
    );
    expect(foreignReject.json()).toMatchObject({ code: 'NOT_REQUEST_OWNER' });
    expect(foreignReject.statusCode).toBe(403);
    expect(await quoteStatus(q.id)).toBe('pending');
    const visitor = await call(ctx.app, 'PUT', `${API}/request-service/${request.id}/accept-offer/${q.id}`);
    expect(visitor.statusCode).toBe(401);

    const rejected = await call(ctx.app, 'PUT', `${API}/request-service/${request.id}/reject-offer/${q.id}`, {
      token: owner.token,
      body: { reason: 'Too far away' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({
      message: 'Offer rejected successfully!',
      offer: { status: 'rejected' },
    });
    const acceptRejected = await call(
      ctx.app,
      'PUT',
      `${API}/request-service/${request.id}/accept-offer/${q.id}`,
      {
        token: owner.token,
      },
    );
    expect(acceptRejected.statusCode).toBe(400);
    expect(acceptRejected.json()).toMatchObject({
      code: 'QUOTE_NOT_PENDING',
      message: 'Only pending offers can be accepted or rejected.',
    });
    const rejectAgain = await call(ctx.app, 'PUT', `${API}/marketplace/offers/${q.id}/reject`, {
      token: owner.token,
    });
    expect(rejectAgain.statusCode).toBe(400);
  });

  it('a quote of another request in the path is 404; an unknown quote is 404 Offer not found', async () => {
    const owner = await customer();
    const r1 = await postRequest(owner.token);
    const r2 = await postRequest(owner.token, { title: 'Another request here' });
    const m = await merchant();
    const q = await quote(r1.id, m);
    const mismatch = await call(ctx.app, 'PUT', `${API}/request-service/${r2.id}/accept-offer/${q.id}`, {
      token: owner.token,
    });
    expect(mismatch.statusCode).toBe(404);
    expect(mismatch.json()).toMatchObject({ code: 'QUOTE_NOT_FOUND', message: 'Offer not found' });
    const unknown = await call(ctx.app, 'PUT', `${API}/marketplace/offers/${UNKNOWN_ID}/accept`, {
      token: owner.token,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await quoteStatus(q.id)).toBe('pending');
  });

  it('two parallel accepts on one request leave exactly one accepted', async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const merchants = await Promise.all([merchant(), merchant(), merchant(), merchant()]);
    const quotes = [];
    for (const m of merchants) quotes.push(await quote(request.id, m));
    const results = await Promise.all(
      quotes.map((q) =>
        call(ctx.app, 'PUT', `${API}/request-service/${request.id}/accept-offer/${q.id}`, {
          token: owner.token,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400]);
    const rows = await ctx.app.db
      .select({ status: serviceRequestQuotes.status })
      .from(serviceRequestQuotes)
      .where(eq(serviceRequestQuotes.requestId, request.id));
    expect(rows.filter((row) => row.status === 'accepted')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'rejected')).toHaveLength(3);
    const winner = results.find((r) => r.statusCode === 200)!.json().offer.id;
    const [req] = await ctx.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(req).toMatchObject({ status: 'in_progress', acceptedQuoteId: winner });
  });

  it('the quoting merchant withdraws a pending quote; others 403; twice 400', async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const m = await merchant();
    const other = await merchant();
    const q = await quote(request.id, m);
    const foreign = await call(ctx.app, 'PUT', `${API}/marketplace/offers/${q.id}/withdraw`, {
      token: other.token,
    });
    expectProblem(foreign, 403, 'Only the merchant who made this offer can withdraw it.');
    const asCustomer = await call(ctx.app, 'PUT', `${API}/marketplace/offers/${q.id}/withdraw`, {
      token: owner.token,
    });
    expect(asCustomer.statusCode).toBe(403);
    const events = captureEvents('service_request.offer_withdrawn');
    const response = await call(ctx.app, 'PUT', `${API}/marketplace/offers/${q.id}/withdraw`, {
      token: m.token,
    });
    await ctx.app.events.drain();
    events.off();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Offer withdrawn successfully',
      offer: { status: 'withdrawn' },
    });
    expect(events.seen.map((e) => e.offerId)).toEqual([q.id]);
    const twice = await call(ctx.app, 'PUT', `${API}/marketplace/offers/${q.id}/withdraw`, {
      token: m.token,
    });
    expectProblem(twice, 400, 'Only pending offers can be withdrawn.');
    const detail = (await call(ctx.app, 'GET', `${API}/request-service/${request.id}`)).json().request;
    expect(detail.offersCount).toBe(0);
  });

  it('marketplace aliases: create a request, quote with requestId in the body, accept by quote id', async () => {
    const owner = await customer();
    const created = await call(ctx.app, 'POST', `${API}/marketplace/requests`, {
      token: owner.token,
      body: validServiceRequest(),
    });
    expect(created.statusCode).toBe(201);
    const requestId = created.json().request.id;
    const m = await merchant();
    const offer = await call(ctx.app, 'POST', `${API}/marketplace/offers`, {
      token: m.token,
      body: { ...validQuote(m.store.id), requestId },
    });
    expect(offer.statusCode).toBe(201);
    const list = await call(ctx.app, 'GET', `${API}/marketplace/requests?search=salon`);
    expect(list.json().requests.some((r: { id: string }) => r.id === requestId)).toBe(true);
    const accepted = await call(ctx.app, 'PUT', `${API}/marketplace/offers/${offer.json().offer.id}/accept`, {
      token: owner.token,
    });
    expect(accepted.statusCode).toBe(200);
    expect(
      (await call(ctx.app, 'GET', `${API}/marketplace/requests/${requestId}`)).json().request.status,
    ).toBe('in_progress');
  });

  it('editing is for open requests without quotes; deleting cancels', async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const edited = await call(ctx.app, 'PUT', `${API}/marketplace/requests/${request.id}`, {
      token: owner.token,
      body: validServiceRequest({ title: 'Deep clean my salon and shop' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().request.title).toBe('Deep clean my salon and shop');
    const m = await merchant();
    await quote(request.id, m);
    const late = await call(ctx.app, 'PUT', `${API}/marketplace/requests/${request.id}`, {
      token: owner.token,
      body: validServiceRequest(),
    });
    expectProblem(late, 400, 'Only open requests without offers can be edited.');
    const deleted = await call(ctx.app, 'DELETE', `${API}/marketplace/requests/${request.id}`, {
      token: owner.token,
    });
    expect(deleted.json()).toMatchObject({
      message: 'Service request cancelled',
      request: { status: 'cancelled' },
    });
  });
});

describe('POST /request-service/{id}/review', () => {
  it('the owner reviews the provider after completion, once; before completion 400', async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const m = await merchant();
    const q = await quote(request.id, m);
    const early = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/review`, {
      token: owner.token,
      body: { rating: 5, review: 'Great' },
    });
    expectProblem(early, 400, 'You can review the provider once the request is completed.');
    await call(ctx.app, 'PUT', `${API}/request-service/${request.id}/accept-offer/${q.id}`, {
      token: owner.token,
    });
    const completed = await call(ctx.app, 'PUT', `${API}/request-service/${request.id}/complete`, {
      token: owner.token,
    });
    expect(completed.json()).toMatchObject({
      message: 'Service request marked as completed',
      request: { status: 'completed' },
    });

    for (const [body, message] of [
      [{ rating: 0, review: 'Great' }, 'Rating must be a whole number from 1 to 5'],
      [{ rating: 6, review: 'Great' }, 'Rating must be a whole number from 1 to 5'],
      [{ rating: 4, review: '  ' }, 'Review must be between 1 and 1000 characters'],
    ] as const) {
      const bad = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/review`, {
        token: owner.token,
        body,
      });
      expectProblem(bad, 400, message);
    }
    const other = await customer();
    const foreign = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/review`, {
      token: other.token,
      body: { rating: 5, review: 'Great' },
    });
    expect(foreign.statusCode).toBe(403);
    const ok = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/review`, {
      token: owner.token,
      body: { rating: 5, review: 'Spotless work' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      message: 'Review submitted successfully!',
      review: { rating: 5, review: 'Spotless work', storeId: m.store.id },
    });
    const twice = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/review`, {
      token: owner.token,
      body: { rating: 1, review: 'Changed my mind' },
    });
    expectProblem(twice, 409, 'You have already reviewed the provider for this request.');
    expect((await call(ctx.app, 'GET', `${API}/request-service/${request.id}`)).json().request.reviewed).toBe(
      true,
    );
  });
});

describe('verified providers', () => {
  it('a store with 10+ reviews is a verified provider', async () => {
    const owner = await customer();
    const request = await postRequest(owner.token);
    const m = await merchant();
    await ctx.app.db
      .update(stores)
      .set({ totalReviews: 12, rating: '4.80' })
      .where(eq(stores.id, m.store.id));
    const q = await call(ctx.app, 'POST', `${API}/request-service/${request.id}/offers`, {
      token: m.token,
      body: validQuote(m.store.id),
    });
    expect(q.json().offer).toMatchObject({ verified: true, rating: 4.8, reviews: 12 });
  });
});

describe('account erasure', () => {
  it("deleting the account cancels the customer's open requests, rejects their pending quotes and blanks the text", async () => {
    const { token, input, user } = await registerCustomer(ctx.app);
    const request = await postRequest(token, {
      description: 'Call me on 0712 345 678 at my house in Karen.',
    });
    const m = await merchant();
    const q = await quote(request.id, m);
    const rejected = captureEvents('service_request.offer_rejected');
    const deleted = await call(ctx.app, 'DELETE', `${API}/users/account`, {
      token,
      body: { password: input.password },
    });
    await ctx.app.events.drain();
    rejected.off();
    expect(deleted.statusCode).toBe(200);
    expect(await quoteStatus(q.id)).toBe('rejected');
    expect(rejected.seen.map((e) => e.offerId)).toEqual([q.id]);
    const [row] = await ctx.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, request.id));
    expect(row).toMatchObject({
      userId: user.id,
      status: 'cancelled',
      title: 'Removed service request',
      description: 'Removed at the customer’s request.',
      location: 'Removed',
    });
    const detail = (await call(ctx.app, 'GET', `${API}/request-service/${request.id}`)).json().request;
    expect(detail.postedBy).toBe('Former customer');
  });
});
