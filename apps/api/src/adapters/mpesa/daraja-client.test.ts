import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIMULATOR_MPESA_CREDENTIALS } from '../../config.js';
import { quietSimulatorOptions, simulatorClientOptions } from '../../test/daraja.js';
import { DarajaClient, type DarajaClientOptions, DarajaError } from './daraja-client.js';
import { darajaTimestamp, parseDarajaTimestamp, toDarajaMsisdn } from './daraja-wire.js';
import { MpesaSimulator, type MpesaSimulatorOptions } from './mpesa-simulator.js';
import { mpesaSimulatorRoutes } from './mpesa-simulator-routes.js';

/**
 * The real Daraja client against the simulator over real HTTP (a Fastify server on port 0),
 * with one injected clock for both, so the wire format is checked byte for byte.
 */

const { passkey, consumerKey, consumerSecret } = SIMULATOR_MPESA_CREDENTIALS;
// 21:30:05 UTC on 1 March is already 00:30:05 on 2 March in Nairobi (UTC+3).
const START = new Date('2026-03-01T21:30:05Z');

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let server: FastifyInstance;
let origin: string;
let simulator: MpesaSimulator;
let clock: { now: Date };
const requests: Recorded[] = [];
const callbacks: Array<{ token: string; body: unknown }> = [];

/** The global fetch, recording what the client sends. */
const recordingFetch: typeof fetch = async (input, init) => {
  const headers: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    headers[key] = value;
  });
  requests.push({
    url: String(input),
    method: init?.method ?? 'GET',
    headers,
    body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
  });
  return fetch(input, init);
};

function newSimulator(overrides: Partial<MpesaSimulatorOptions> = {}) {
  simulator = new MpesaSimulator({
    ...quietSimulatorOptions(),
    now: () => clock.now,
    ...overrides,
  });
  return simulator;
}

function client(overrides: Partial<DarajaClientOptions> = {}) {
  return new DarajaClient({
    ...simulatorClientOptions(origin),
    fetch: recordingFetch,
    now: () => clock.now,
    ...overrides,
  });
}

const pushInput = () => ({
  amount: 23,
  phoneNumber: '0712 345 678',
  callbackUrl: `${origin}/callback/secret-token`,
  accountReference: 'BK1A2B3C4D',
  transactionDesc: 'Access fee',
});

beforeAll(async () => {
  server = Fastify();
  // The simulator instance is swapped per test; the routes read the current one.
  await server.register(
    async (scope) => {
      const proxy = new Proxy({} as MpesaSimulator, {
        get: (_target, key) => {
          const value = Reflect.get(simulator, key);
          return typeof value === 'function' ? value.bind(simulator) : value;
        },
      });
      await scope.register(mpesaSimulatorRoutes, { simulator: proxy });
    },
    { prefix: '/sim' },
  );
  server.post('/callback/:token', async (request) => {
    callbacks.push({ token: (request.params as { token: string }).token, body: request.body });
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  simulator?.close();
  await server.close();
});

beforeEach(() => {
  clock = { now: START };
  requests.length = 0;
  callbacks.length = 0;
  newSimulator();
});

describe('Daraja wire helpers', () => {
  it('writes the timestamp in Nairobi time on a UTC clock, across midnight', () => {
    expect(darajaTimestamp(START)).toBe('20260302003005');
    expect(darajaTimestamp(new Date('2026-12-31T21:00:00Z'))).toBe('20270101000000');
    expect(parseDarajaTimestamp('20260302003005')?.toISOString()).toBe('2026-03-01T21:30:05.000Z');
    expect(parseDarajaTimestamp('20261302003005')).toBeUndefined();
    expect(parseDarajaTimestamp('2026030200300')).toBeUndefined();
  });

  it('turns Kenyan mobile numbers into 2547XXXXXXXX / 2541XXXXXXXX and refuses the rest', () => {
    expect(toDarajaMsisdn('0712 345 678')).toBe('254712345678');
    expect(toDarajaMsisdn('+254 712 345 678')).toBe('254712345678');
    expect(toDarajaMsisdn('254712345678')).toBe('254712345678');
    expect(toDarajaMsisdn('712345678')).toBe('254712345678');
    expect(toDarajaMsisdn('0112345678')).toBe('254112345678');
    expect(toDarajaMsisdn('+254110345678')).toBe('254110345678');
    expect(toDarajaMsisdn('020 2222222')).toBeUndefined(); // Nairobi landline
    expect(toDarajaMsisdn('+255712345678')).toBeUndefined(); // Tanzania
    expect(toDarajaMsisdn('07123')).toBeUndefined();
    expect(toDarajaMsisdn('not a phone')).toBeUndefined();
  });
});

describe('Daraja client against the simulator', () => {
  it('gets a token with Basic consumer key:secret and sends the exact STK push body', async () => {
    const accepted = await client().stkPush(pushInput());

    expect(requests).toHaveLength(2);
    const [oauth, push] = requests as [Recorded, Recorded];
    expect(oauth.method).toBe('GET');
    expect(oauth.url).toBe(`${origin}/sim/oauth/v1/generate?grant_type=client_credentials`);
    expect(oauth.headers.authorization).toBe(
      `Basic ${Buffer.from(`${consumerKey}:${consumerSecret}`).toString('base64')}`,
    );

    expect(push.method).toBe('POST');
    expect(push.url).toBe(`${origin}/sim/mpesa/stkpush/v1/processrequest`);
    expect(push.headers.authorization).toMatch(/^Bearer [\w-]{20,}$/);
    expect(push.headers['content-type']).toBe('application/json');
    expect(push.body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${passkey}20260302003005`).toString('base64'),
      Timestamp: '20260302003005',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 23,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: `${origin}/callback/secret-token`,
      AccountReference: 'BK1A2B3C4D',
      TransactionDesc: 'Access fee',
    });

    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_20260302003005\d{9}$/);
    expect(accepted.merchantRequestId).toMatch(/^\d{5}-\d{8}-1$/);
    expect(accepted.customerMessage).toBe('Success. Request accepted for processing');
    expect(simulator.pushes.get(accepted.checkoutRequestId)).toMatchObject({
      amount: 23,
      phoneNumber: '254712345678',
    });
  });

  it('clips AccountReference to 12 and TransactionDesc to 13 characters, and sends 2541… numbers', async () => {
    await client().stkPush({
      ...pushInput(),
      phoneNumber: '0110 345 678',
      accountReference: 'BOOKING-1234567890-ABCDEF',
      transactionDesc: 'Access fee for booking',
    });
    const body = requests.at(-1)!.body as Record<string, unknown>;
    expect(body.AccountReference).toBe('BOOKING12345');
    expect(body.TransactionDesc).toBe('Access fee fo');
    expect(body.PartyA).toBe('254110345678');
    expect(body.PhoneNumber).toBe('254110345678');
  });

  it('sends CustomerBuyGoodsOnline with the till number as PartyB when configured so', async () => {
    await client({ transactionType: 'CustomerBuyGoodsOnline', partyB: '5678901' }).stkPush(pushInput());
    expect(requests.at(-1)!.body).toMatchObject({
      BusinessShortCode: '174379',
      TransactionType: 'CustomerBuyGoodsOnline',
      PartyB: '5678901',
    });
  });

  it('refuses a landline or a fraction of a shilling before calling Daraja', async () => {
    await expect(client().stkPush({ ...pushInput(), phoneNumber: '020 2222222' })).rejects.toThrow(
      /Kenyan mobile/,
    );
    await expect(client().stkPush({ ...pushInput(), amount: 22.5 })).rejects.toThrow(/whole number/);
    expect(requests).toHaveLength(0);
  });

  it('caches the token until shortly before expires_in, then fetches a new one', async () => {
    const daraja = client();
    await daraja.stkPush(pushInput());
    clock.now = new Date(START.getTime() + 3000 * 1000);
    await daraja.stkPush(pushInput());
    await daraja.stkQuery(simulator.pushes.keys().next().value!);
    expect(simulator.tokensIssued).toBe(1);
    // expires_in is 3599 s; within the last minute the client renews.
    clock.now = new Date(START.getTime() + 3550 * 1000);
    await daraja.stkPush(pushInput());
    expect(simulator.tokensIssued).toBe(2);
    expect(requests.map((request) => request.url.replace(`${origin}/sim`, '').split('?')[0])).toEqual([
      '/oauth/v1/generate',
      '/mpesa/stkpush/v1/processrequest',
      '/mpesa/stkpush/v1/processrequest',
      '/mpesa/stkpushquery/v1/query',
      '/oauth/v1/generate',
      '/mpesa/stkpush/v1/processrequest',
    ]);
  });

  it('shares one token request between concurrent calls', async () => {
    const daraja = client();
    await Promise.all([
      daraja.stkPush(pushInput()),
      daraja.stkPush(pushInput()),
      daraja.stkPush(pushInput()),
    ]);
    expect(simulator.tokensIssued).toBe(1);
    expect(simulator.pushCount).toBe(3);
  });

  it('renews a token Daraja no longer accepts and retries once', async () => {
    const daraja = client();
    await daraja.stkPush(pushInput());
    // Daraja restarted and forgot its tokens: 404.001.03 'Invalid Access Token'.
    newSimulator();
    const accepted = await daraja.stkPush(pushInput());
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(simulator.tokensIssued).toBe(1);
    expect(requests.filter((request) => request.url.includes('/oauth/'))).toHaveLength(2);
  });

  it('reports wrong consumer credentials and a wrong passkey as rejections', async () => {
    const badSecret = client({ consumerSecret: 'wrong' }).stkPush(pushInput());
    await expect(badSecret).rejects.toMatchObject({
      kind: 'rejected',
      httpStatus: 400,
      errorCode: '400.008.01',
    });
    await expect(client({ passkey: 'wrong' }).stkPush(pushInput())).rejects.toMatchObject({
      kind: 'rejected',
      message: expect.stringContaining('Wrong credentials'),
    });
    expect(simulator.pushCount).toBe(0);
  });

  it('is refused by the simulator when the timestamp is UTC instead of Nairobi time', async () => {
    const token = await client().accessToken();
    const utc = '20260301213005';
    const response = await fetch(`${origin}/sim/mpesa/stkpush/v1/processrequest`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        BusinessShortCode: '174379',
        Password: Buffer.from(`174379${passkey}${utc}`).toString('base64'),
        Timestamp: utc,
        TransactionType: 'CustomerPayBillOnline',
        Amount: 23,
        PartyA: '254712345678',
        PartyB: '174379',
        PhoneNumber: '254712345678',
        CallBackURL: 'https://example.com/cb',
        AccountReference: 'X',
        TransactionDesc: 'Y',
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errorCode: '400.002.02',
      errorMessage: 'Bad Request - Invalid Timestamp',
    });
  });

  it('reports an unreachable Daraja as unavailable', async () => {
    const closed = Fastify();
    await closed.listen({ port: 0, host: '127.0.0.1' });
    const port = (closed.server.address() as AddressInfo).port;
    await closed.close();
    const error = await client({ baseUrl: `http://127.0.0.1:${port}` })
      .stkPush(pushInput())
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DarajaError);
    expect(error).toMatchObject({ kind: 'unavailable' });
  });
});

describe('STK query and callbacks', () => {
  it('answers "being processed" until the customer answers, then the result', async () => {
    const daraja = client();
    const { checkoutRequestId } = await daraja.stkPush(pushInput());
    expect(await daraja.stkQuery(checkoutRequestId)).toEqual({
      status: 'pending',
      resultDesc: 'The transaction is being processed',
    });
    expect(requests.at(-1)!.body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${passkey}20260302003005`).toString('base64'),
      Timestamp: '20260302003005',
      CheckoutRequestID: checkoutRequestId,
    });

    const { callbackStatus } = await simulator.approve(checkoutRequestId);
    expect(callbackStatus).toBe(200);
    expect(await daraja.stkQuery(checkoutRequestId)).toEqual({
      status: 'completed',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    });
  });

  it('posts the Daraja success callback over HTTP to the CallBackURL', async () => {
    const { checkoutRequestId } = await client().stkPush(pushInput());
    clock.now = new Date(START.getTime() + 20_000);
    await simulator.approve(checkoutRequestId);
    expect(callbacks).toHaveLength(1);
    const push = simulator.pushes.get(checkoutRequestId)!;
    expect(callbacks[0]).toEqual({
      token: 'secret-token',
      body: {
        Body: {
          stkCallback: {
            MerchantRequestID: push.merchantRequestId,
            CheckoutRequestID: checkoutRequestId,
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 23 },
                { Name: 'MpesaReceiptNumber', Value: push.mpesaReceiptNumber },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20260302003025 },
                { Name: 'PhoneNumber', Value: 254712345678 },
              ],
            },
          },
        },
      },
    });
    expect(push.mpesaReceiptNumber).toMatch(/^[A-Z][A-Z0-9]{9}$/);
  });

  it('posts 1032 "Request cancelled by user" without metadata on decline', async () => {
    const daraja = client();
    const { checkoutRequestId } = await daraja.stkPush(pushInput());
    await simulator.decline(checkoutRequestId);
    expect((callbacks[0]!.body as { Body: { stkCallback: unknown } }).Body.stkCallback).toEqual({
      MerchantRequestID: simulator.pushes.get(checkoutRequestId)!.merchantRequestId,
      CheckoutRequestID: checkoutRequestId,
      ResultCode: 1032,
      ResultDesc: 'Request cancelled by user',
    });
    expect(await daraja.stkQuery(checkoutRequestId)).toEqual({
      status: 'failed',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    });
    await expect(simulator.approve(checkoutRequestId)).rejects.toMatchObject({ reason: 'answered' });
  });

  it('times an unanswered prompt out with 1037 after a minute', async () => {
    const daraja = client();
    const { checkoutRequestId } = await daraja.stkPush(pushInput());
    clock.now = new Date(START.getTime() + 61_000);
    expect(await daraja.stkQuery(checkoutRequestId)).toEqual({
      status: 'failed',
      resultCode: 1037,
      resultDesc: 'DS timeout user cannot be reached',
    });
  });

  it('refuses a query for an unknown CheckoutRequestID', async () => {
    await expect(client().stkQuery('ws_CO_unknown')).rejects.toMatchObject({
      kind: 'rejected',
      errorCode: '400.002.02',
      message: expect.stringContaining('Invalid CheckoutRequestID'),
    });
  });

  it('approves automatically after the configured delay in auto mode', async () => {
    newSimulator({ auto: 'approve', autoDelayMs: 20 });
    const { checkoutRequestId } = await client().stkPush(pushInput());
    await expect.poll(() => callbacks.length, { timeout: 2000 }).toBe(1);
    expect(simulator.pushes.get(checkoutRequestId)!.resultCode).toBe(0);
  });
});
