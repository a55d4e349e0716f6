import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, call, getOk, useTestApp } from '../test/build-app.js';
import { CUSTOMER_PASSWORD } from './demo/content/accounts.js';
import { seedDemo } from './seed-demo.js';

// Issue 36: a fresh `npm start` has a marketplace with life in it, seen through the API as the
// demo customers and a visitor see it (seeded at the real clock, so "upcoming" is upcoming now).
const ctx = useTestApp();

async function signIn(email: string): Promise<string> {
  const response = await call(ctx.app, 'POST', `${API}/users/login`, {
    body: { email, password: CUSTOMER_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response.json().access_token as string;
}

type Booking = { status: string; startTime: string };

let achieng: string;
let brian: string;

beforeAll(async () => {
  expect((await seedDemo(ctx.app.db)).seeded).toBe(true);
  achieng = await signIn('customer@d3deals.co.ke');
  brian = await signIn('brian@d3deals.co.ke');
});

describe('demo marketplace life on a freshly seeded database', () => {
  it('the service-request board has open requests with quotes, one of them the demo customer’s own', async () => {
    const board = await getOk(ctx.app, `${API}/request-service?page=1&limit=6`);
    const requests = board.data as { id: string; status: string; offersCount: number }[];
    expect(requests.length).toBeGreaterThanOrEqual(6);
    expect(requests.every((request) => request.status === 'active')).toBe(true);
    expect(requests.filter((request) => request.offersCount > 0).length).toBeGreaterThanOrEqual(6);
    const mine = await getOk(ctx.app, `${API}/request-service/offers`, achieng);
    const quotes = (mine.data ?? mine.offers) as { status: string; storeName: string }[];
    expect(quotes.length).toBe(3);
    expect(quotes.every((quote) => quote.status === 'pending' && quote.storeName)).toBe(true);
  });

  it('each demo customer has past and upcoming bookings', async () => {
    for (const token of [achieng, brian]) {
      const list = await getOk(ctx.app, `${API}/bookings/user?limit=50`, token);
      const bookings = (list.bookings ?? list.data) as Booking[];
      const now = Date.now();
      const past = bookings.filter((booking) => new Date(booking.startTime).getTime() < now);
      const coming = bookings.filter((booking) => new Date(booking.startTime).getTime() > now);
      expect(past.length).toBeGreaterThanOrEqual(2);
      expect(past.every((booking) => booking.status === 'completed')).toBe(true);
      expect(coming.length).toBeGreaterThanOrEqual(2);
      expect(coming.every((booking) => booking.status === 'confirmed')).toBe(true);
    }
  });

  it('the demo customers have chat conversations with stores, with an unread store reply', async () => {
    const list = await getOk(ctx.app, `${API}/chat/user/conversations`, achieng);
    const conversations = (list.data ?? list.conversations) as {
      unreadCount: number;
      lastMessage: unknown;
    }[];
    expect(conversations.length).toBe(3);
    expect(conversations.some((conversation) => conversation.unreadCount > 0)).toBe(true);
    const brians = await getOk(ctx.app, `${API}/chat/user/conversations`, brian);
    expect(((brians.data ?? brians.conversations) as unknown[]).length).toBe(1);
  });

  it('the referral page shows earnings from referred customers’ completed offer bookings', async () => {
    const { earnings } = await getOk(ctx.app, `${API}/users/earnings`, achieng);
    expect(earnings.referralCount).toBe(4);
    expect(earnings.totalReferralBookings).toBe(4);
    expect(earnings.totalEarned).toBeGreaterThan(0);
    expect(earnings.currentBalance).toBe(earnings.totalEarned);
    const activity = await getOk(ctx.app, `${API}/users/earning-activities`, achieng);
    expect(JSON.stringify(activity)).toContain('completed an offer booking');
  });

  it('stores have answered some of their reviews', async () => {
    const rows = await ctx.app.db.execute<{ answered: number }>(
      sql`select count(*)::int as answered from reviews where response_text is not null`,
    );
    expect(rows.rows[0]!.answered).toBeGreaterThan(10);
  });
});
