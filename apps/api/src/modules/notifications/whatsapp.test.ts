import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhookSignature } from '../../adapters/whatsapp/whatsapp-wire.js';
import { SIMULATOR_WHATSAPP_CREDENTIALS } from '../../config-whatsapp.js';
import { jobs } from '../../db/schema/jobs.js';
import { whatsappMessages } from '../../db/schema/notifications.js';
import { outbox } from '../../db/schema/support.js';
import { uniquePhone } from '../../test/accounts-helpers.js';
import { API, call, useApiTestApp } from '../../test/build-app.js';
import { ACCOUNT_SETTINGS_DEFAULTS, accountSettings } from '../../test/notification-settings.js';
import { whatsappJobKey } from './whatsapp-channel.js';

// A pace far longer than any test takes: the second message to a number is never due by accident.
const PACE_MS = 10 * 60_000;
const ctx = useApiTestApp({ env: { WHATSAPP_PACE_MS: String(PACE_MS) } });
const HOUR = 60 * 60_000;
const WEBHOOK = `${API}/webhooks/whatsapp`;

const simulator = () => ctx.app.whatsapp.simulator!;

/** Waits for the events, the channel's passes and the simulator's webhooks, until all are done. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    await ctx.app.events.drain();
    await ctx.app.whatsapp.channel.settled();
    await simulator().settled();
  }
}

async function customer(options: { locale?: 'en' | 'sw'; verified?: boolean; whatsapp?: boolean } = {}) {
  const phone = uniquePhone();
  const user = await ctx.createCustomer({
    phoneNumber: phone,
    isPhoneVerified: options.verified ?? true,
    locale: options.locale ?? 'en',
  });
  const token = await ctx.customerToken(user.id);
  if (options.whatsapp ?? true) {
    const on = await accountSettings(ctx.app, token, { whatsapp: true });
    expect(on.statusCode).toBe(200);
  }
  return { user, token, phone };
}

/** A service booking of `who` at Glow Spa, confirmed by the merchant through the API. */
async function confirmedBooking(who: { user: { id: string } }, startInMs?: number) {
  const { merchant, booking, start } = await ctx.createPendingBooking(who.user.id, startInMs);
  const confirm = await call(ctx.app, 'PUT', `${API}/bookings/${booking.id}/confirm`, {
    token: await ctx.merchantToken(merchant.id),
  });
  expect(confirm.statusCode).toBe(200);
  await settle();
  return { booking, start };
}

const smsTo = (phone: string) => ctx.app.db.select().from(outbox).where(eq(outbox.to, phone));
const rowsOf = (userId: string) =>
  ctx.app.db
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.userId, userId))
    .orderBy(whatsappMessages.createdAt);

function postWebhook(rawBody: string, signature?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      ...(signature === undefined ? {} : { 'x-hub-signature-256': signature }),
    },
    payload: rawBody,
  });
}

function statusWebhook(wamid: string, status: string): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'waba',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { phone_number_id: SIMULATOR_WHATSAPP_CREDENTIALS.phoneNumberId },
              statuses: [{ id: wamid, status, timestamp: '1790000000', errors: [{ code: 131026 }] }],
            },
          },
        ],
      },
    ],
  });
}

describe('WhatsApp notifications through the simulator (issue 36)', () => {
  it('a customer opts in per channel: off by default, on only with a verified number, and off again', async () => {
    const unverified = await customer({ verified: false, whatsapp: false });
    const start = await accountSettings(ctx.app, unverified.token);
    expect(start.json().settings).toEqual(ACCOUNT_SETTINGS_DEFAULTS);
    const refused = await accountSettings(ctx.app, unverified.token, { whatsapp: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'WHATSAPP_PHONE_NOT_VERIFIED',
      message: 'Verify your phone number to get notifications on WhatsApp.',
    });

    const verified = await customer({ whatsapp: false });
    const on = await accountSettings(ctx.app, verified.token, { whatsapp: true, smsAlerts: false });
    expect(on.statusCode).toBe(200);
    expect(on.json().settings).toEqual({ ...ACCOUNT_SETTINGS_DEFAULTS, smsAlerts: false, whatsapp: true });
    const off = await accountSettings(ctx.app, verified.token, { whatsapp: false });
    expect(off.json().settings.whatsapp).toBe(false);
  });

  it('a confirmed booking goes as the approved template in the customer’s language; Meta’s signed statuses mark it delivered', async () => {
    const amina = await customer({ locale: 'sw' });
    await confirmedBooking(amina);
    const sent = simulator().sentTo(amina.phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ template: 'booking_confirmation', language: 'sw' });
    expect(sent[0]!.parameters.slice(0, 2)).toEqual(['Facial', 'Glow Spa']);
    expect(sent[0]!.text).toMatch(
      /^D3 Deals: nafasi yako ya Facial pale Glow Spa, .+ saa \d\d:\d\d imethibitishwa\. Onyesha vocha yako dukani\.$/,
    );
    const [row] = await rowsOf(amina.user.id);
    expect(row).toMatchObject({ status: 'delivered', wamid: sent[0]!.id, fellBackAt: null });
    expect(simulator().webhookAnswers.slice(-2)).toEqual([200, 200]);
    expect(await smsTo(amina.phone)).toHaveLength(0);
  });

  it('a reminder goes as the booking_reminder template instead of the SMS', async () => {
    const brian = await customer();
    const { start } = await confirmedBooking(brian);
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 1000));
    // Its slot is the pace after the confirmation's (the next test shows the wait).
    await ctx.app.whatsapp.channel.runOnce(new Date(Date.now() + PACE_MS + 1000));
    await settle();
    const templates = simulator()
      .sentTo(brian.phone)
      .map((m) => m.template);
    expect(templates).toEqual(['booking_confirmation', 'booking_reminder']);
    expect(simulator().sentTo(brian.phone)[1]!.text).toMatch(
      /^D3 Deals reminder: Facial at Glow Spa on .+\. Please arrive 10 minutes early\.$/,
    );
    expect(await smsTo(brian.phone)).toHaveLength(0);
  });

  it('paces messages to one number: the second leaves WHATSAPP_PACE_MS after the first', async () => {
    const carol = await customer();
    const { start } = await confirmedBooking(carol);
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 1000));
    await settle();
    // The confirmation left at once; the reminder waits for the number's next slot.
    expect(
      simulator()
        .sentTo(carol.phone)
        .map((m) => m.template),
    ).toEqual(['booking_confirmation']);
    const [first, second] = await rowsOf(carol.user.id);
    const [firstJob] = await ctx.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, whatsappJobKey(first!.id)));
    const [secondJob] = await ctx.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, whatsappJobKey(second!.id)));
    expect(second!.status).toBe('queued');
    expect(secondJob!.runAt.getTime() - firstJob!.runAt.getTime()).toBe(PACE_MS);
    await ctx.app.whatsapp.channel.runOnce(new Date(secondJob!.runAt.getTime() + 1));
    await settle();
    expect(
      simulator()
        .sentTo(carol.phone)
        .map((m) => m.template),
    ).toEqual(['booking_confirmation', 'booking_reminder']);
  });

  it('falls back to SMS when the send is refused, once, in the customer’s language', async () => {
    const dan = await customer({ locale: 'sw' });
    simulator().failSends(dan.phone);
    try {
      await confirmedBooking(dan);
    } finally {
      simulator().clearFailures();
    }
    expect(simulator().sentTo(dan.phone)).toHaveLength(0);
    const sms = await smsTo(dan.phone);
    expect(sms.map((m) => m.body)).toEqual([
      expect.stringMatching(/^D3 Deals: nafasi yako ya Facial pale Glow Spa, .+ imethibitishwa\./),
    ]);
    const [row] = await rowsOf(dan.user.id);
    expect(row!.status).toBe('failed');
    expect(row!.error).toMatch(/131026/);
    expect(row!.fellBackAt).toBeInstanceOf(Date);
  });

  it('falls back to SMS when Meta reports the message failed (status webhook), once', async () => {
    const esther = await customer();
    const { start } = await confirmedBooking(esther, 26 * HOUR);
    simulator().failDeliveries(esther.phone);
    try {
      // The reminder's slot is the pace after the confirmation's: run the channel then.
      await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 1000));
      await ctx.app.whatsapp.channel.runOnce(new Date(Date.now() + PACE_MS + 1000));
      await settle();
    } finally {
      simulator().clearFailures();
    }
    const reminder = simulator().sentTo(esther.phone)[1]!;
    expect(reminder).toMatchObject({ template: 'booking_reminder', status: 'failed' });
    const sms = await smsTo(esther.phone);
    expect(sms.map((m) => m.body)).toEqual([
      expect.stringMatching(/^D3 Deals reminder: Facial at Glow Spa on .+ Please arrive 10 minutes early\.$/),
    ]);
    // Meta repeating the 'failed' status sends nothing more.
    const again = statusWebhook(reminder.id, 'failed');
    const repeat = await postWebhook(
      again,
      webhookSignature(SIMULATOR_WHATSAPP_CREDENTIALS.appSecret, again),
    );
    expect(repeat.statusCode).toBe(200);
    await settle();
    expect(await smsTo(esther.phone)).toHaveLength(1);
  });

  it('refuses a webhook with a bad or missing signature: 401 WEBHOOK_SIGNATURE_INVALID, nothing changes', async () => {
    const fatma = await customer();
    await confirmedBooking(fatma);
    const [message] = simulator().sentTo(fatma.phone);
    const forged = statusWebhook(message!.id, 'failed');
    for (const signature of [
      webhookSignature('not-the-app-secret', forged),
      `sha256=${'0'.repeat(64)}`,
      webhookSignature(SIMULATOR_WHATSAPP_CREDENTIALS.appSecret, `${forged} `),
      undefined,
    ]) {
      const answer = await postWebhook(forged, signature);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({
        success: false,
        code: 'WEBHOOK_SIGNATURE_INVALID',
        message: 'Invalid webhook signature',
      });
    }
    await settle();
    const [row] = await rowsOf(fatma.user.id);
    expect(row!.status).toBe('delivered');
    expect(await smsTo(fatma.phone)).toHaveLength(0);
  });

  it('answers Meta’s verification with the challenge for our verify token, 403 WEBHOOK_VERIFY_FAILED otherwise', async () => {
    const query = (token: string) =>
      `${WEBHOOK}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await ctx.app.inject({
      method: 'GET',
      url: query(SIMULATOR_WHATSAPP_CREDENTIALS.verifyToken),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await ctx.app.inject({ method: 'GET', url: query('guessed-verify-token') });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('WEBHOOK_VERIFY_FAILED');
  });

  it("'STOP' from the customer's number opts them out: the next reminder goes by SMS", async () => {
    const george = await customer();
    const { start } = await confirmedBooking(george);
    // The customer's message, played through the dev route (the simulator posts it signed).
    const stop = await call(ctx.app, 'POST', `${API}/dev/whatsapp/inbound`, {
      body: { from: george.phone, text: 'STOP' },
    });
    expect(stop.json()).toEqual({ success: true, webhookStatus: 200 });
    const settings = await accountSettings(ctx.app, george.token);
    expect(settings.json().settings.whatsapp).toBe(false);
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 1000));
    await settle();
    const received = await call(
      ctx.app,
      'GET',
      `${API}/dev/whatsapp/messages?to=${encodeURIComponent(george.phone)}`,
    );
    expect(
      received.json().messages.map((m: { template: string; status: string }) => [m.template, m.status]),
    ).toEqual([['booking_confirmation', 'delivered']]);
    expect((await smsTo(george.phone)).map((m) => m.body)).toEqual([
      expect.stringMatching(/^D3 Deals reminder: Facial at Glow Spa/),
    ]);
  });

  it('sends nothing on WhatsApp to a customer who did not opt in: no confirmation, the reminder by SMS', async () => {
    const hawa = await customer({ whatsapp: false });
    const { start } = await confirmedBooking(hawa);
    await ctx.app.bookingReminders.runOnce(new Date(start.getTime() - 24 * HOUR + 1000));
    await settle();
    expect(simulator().sentTo(hawa.phone)).toHaveLength(0);
    expect(await rowsOf(hawa.user.id)).toHaveLength(0);
    expect((await smsTo(hawa.phone)).map((m) => m.body)).toEqual([
      expect.stringMatching(/^D3 Deals reminder: Facial at Glow Spa/),
    ]);
  });

  it('a refund to the opted-in customer’s own number and a waitlist offer go as their templates', async () => {
    const issa = await customer({ locale: 'sw' });
    ctx.app.events.publish('refund.completed', {
      refundId: crypto.randomUUID(),
      bookingId: crypto.randomUUID(),
      userId: issa.user.id,
      phoneNumber: issa.phone.slice(1),
      amount: 150,
      status: 'completed',
      receipt: 'TKL7H2QX9P',
      supportReference: null,
      at: new Date(),
    });
    await settle();
    const [refund] = simulator().sentTo(issa.phone);
    expect(refund).toMatchObject({ template: 'refund_sent_receipt', language: 'sw' });
    expect(refund!.text).toBe(
      'D3 Deals: ada yako ya huduma ya KES 150 imerudishwa kwa nambari yako ya M-Pesa, risiti TKL7H2QX9P.',
    );
    const store = await ctx.createStore({ merchantId: (await ctx.createMerchant()).id, name: 'Glow Spa' });
    ctx.app.events.publish('waitlist.offered', {
      waitId: crypto.randomUUID(),
      userId: issa.user.id,
      storeId: store.id,
      storeName: 'Glow Spa',
      title: 'Facial',
      startTime: new Date(Date.now() + 2 * 24 * HOUR),
      expiresAt: new Date(Date.now() + 15 * 60_000),
      bookingType: 'service',
      entityId: crypto.randomUUID(),
      at: new Date(),
    });
    await settle();
    const [, offer] = await rowsOf(issa.user.id);
    expect(offer).toMatchObject({ template: 'waitlist_offer', language: 'sw', status: 'queued' });
    await ctx.app.whatsapp.channel.runOnce(new Date(Date.now() + PACE_MS + 1000));
    await settle();
    expect(simulator().sentTo(issa.phone)[1]!.text).toMatch(
      /^D3 Deals: nafasi imepatikana ya Facial pale Glow Spa, .+\. Tumekushikia kwa dakika 15 - iweke kwenye programu\.$/,
    );
    expect(await smsTo(issa.phone)).toHaveLength(0);
  });

  it('forgets an erased customer’s WhatsApp messages (their number and texts)', async () => {
    const juma = await customer();
    await confirmedBooking(juma);
    expect(await rowsOf(juma.user.id)).toHaveLength(1);
    ctx.app.events.publish('account.deleted', { userId: juma.user.id, role: 'customer', at: new Date() });
    await settle();
    expect(await rowsOf(juma.user.id)).toHaveLength(0);
  });
});
