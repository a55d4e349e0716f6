import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts.js';
import { markPhoneVerified } from '../modules/accounts/accounts-repository.js';
import { latestCode, registerCustomer, send, uniquePhone } from '../test/accounts-helpers.js';
import { API, call, useApiTestApp } from '../test/build-app.js';
import { validQuote, validServiceRequest } from '../test/service-requests.js';

/**
 * Issue 31 finding 5: three accounts verified one phone number; each posted a request, accepted a
 * quote, marked the request complete itself and left a 1-star review: the store fell from 4.17 to
 * 3.11. A verified phone now belongs to one live account, and only a booking the store completed
 * (an offer, a service or a quote booking) makes a review count.
 */
const test = useApiTestApp();

async function verify(phone: string) {
  const code = await latestCode(test.app, phone);
  return send(test.app, 'POST', `${API}/users/verify-otp`, { body: { phone, otp: code } });
}

async function isVerified(id: string) {
  const [row] = await test.app.db.select({ v: users.isPhoneVerified }).from(users).where(eq(users.id, id));
  return row!.v;
}

describe('one verified phone, one account', () => {
  it('a phone verified on one account is refused on a second with 409 PHONE_IN_USE; the first keeps it', async () => {
    const phone = uniquePhone();
    const first = await registerCustomer(test.app, { phoneNumber: phone });
    expect((await verify(phone)).statusCode).toBe(200);
    const second = await registerCustomer(test.app, { phoneNumber: phone });
    const refused = await verify(phone);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'PHONE_IN_USE',
      message:
        'This phone number is already verified on another account. Sign in to that account, or use another number.',
    });
    expect(await isVerified(first.user.id)).toBe(true);
    expect(await isVerified(second.user.id)).toBe(false);
  });

  it('two verifications racing for one number: the database lets exactly one through', async () => {
    const phone = uniquePhone();
    const a = await test.createCustomer({ phoneNumber: phone });
    const b = await test.createCustomer({ phoneNumber: phone });
    const results = await Promise.allSettled([
      markPhoneVerified(test.app.db, a.id, phone),
      markPhoneVerified(test.app.db, b.id, phone),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(1);
    expect([await isVerified(a.id), await isVerified(b.id)].filter(Boolean)).toHaveLength(1);
  });

  it('the reported attack: three accounts on one phone completing their own requests cannot move the rating', async () => {
    const { token: mToken, store } = await test.merchantWithStore();
    const storeRating = async () =>
      (await call(test.app, 'GET', `${API}/stores/${store.id}`)).json().store.rating as number;
    const before = await storeRating();
    const phone = uniquePhone();
    let verified = 0;
    for (let i = 0; i < 3; i += 1) {
      const account = await registerCustomer(test.app, { phoneNumber: phone });
      if ((await verify(phone)).statusCode === 200) verified += 1;
      const request = await call(test.app, 'POST', `${API}/request-service`, {
        token: account.token,
        body: validServiceRequest(),
      });
      const requestId = request.json().request.id as string;
      const quote = await call(test.app, 'POST', `${API}/request-service/${requestId}/offers`, {
        token: mToken,
        body: validQuote(store.id),
      });
      const quoteId = quote.json().offer.id as string;
      expect(
        (await call(test.app, 'PUT', `${API}/marketplace/offers/${quoteId}/accept`, { token: account.token }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await call(test.app, 'PUT', `${API}/request-service/${requestId}/complete`, {
            token: account.token,
          })
        ).statusCode,
      ).toBe(200);
      const review = await call(test.app, 'POST', `${API}/reviews`, {
        token: account.token,
        body: { store_id: store.id, rating: 1, text: 'Terrible, never again.' },
      });
      expect(review.statusCode).toBe(403);
      expect(review.json().code).toBe('REVIEW_NOT_ALLOWED');
    }
    expect(verified).toBe(1);
    expect(await storeRating()).toBe(before);
  });
});
