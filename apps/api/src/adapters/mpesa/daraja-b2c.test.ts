import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIMULATOR_MPESA_CREDENTIALS } from '../../config.js';
import { quietSimulatorOptions, simulatorClientOptions } from '../../test/daraja.js';
import { DarajaClient, type DarajaClientOptions, DarajaError } from './daraja-client.js';
import { ZB2CResult } from './daraja-wire.js';
import { MpesaSimulator } from './mpesa-simulator.js';
import { mpesaSimulatorRoutes } from './mpesa-simulator-routes.js';

/**
 * B2C payouts (issue 12: referral withdrawals): the real Daraja client against the simulator over
 * real HTTP, and the simulator posting Daraja's result body to our ResultURL.
 */

const { shortcode } = SIMULATOR_MPESA_CREDENTIALS;

let server: FastifyInstance;
let origin: string;
let simulator: MpesaSimulator;
const sent: unknown[] = [];
const results: unknown[] = [];

const recordingFetch: typeof fetch = async (input, init) => {
  if (typeof init?.body === 'string') sent.push(JSON.parse(init.body));
  return fetch(input, init);
};

function client(overrides: Partial<DarajaClientOptions> = {}) {
  return new DarajaClient({
    ...simulatorClientOptions(origin),
    initiatorName: 'd3api',
    securityCredential: 'c2VjcmV0LWNyZWRlbnRpYWw=',
    fetch: recordingFetch,
    ...overrides,
  });
}

const payout = (id: string) => ({
  originatorConversationId: id,
  amount: 54,
  phoneNumber: '0712 345 678',
  remarks: 'Referral earnings',
  occasion: 'Withdrawal',
  resultUrl: `${origin}/result/secret-token`,
  timeoutUrl: `${origin}/timeout/secret-token`,
});

beforeAll(async () => {
  simulator = new MpesaSimulator(quietSimulatorOptions());
  server = Fastify();
  await server.register(mpesaSimulatorRoutes, { prefix: '/sim', simulator });
  server.post('/result/:token', async (request) => {
    results.push(request.body);
    return { ResultCode: 0, ResultDesc: 'Accepted' };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address() as AddressInfo;
  origin = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  simulator.close();
  await server.close();
});

beforeEach(() => {
  sent.length = 0;
  results.length = 0;
});

describe('M-Pesa B2C', () => {
  it("sends Daraja's B2C request and the simulator posts a success result with the receipt to ResultURL", async () => {
    const accepted = await client().b2cPayment(payout('wd-1'));
    expect(accepted.originatorConversationId).toBe('wd-1');
    expect(accepted.conversationId).toMatch(/^AG_\d{14}_[0-9a-f]{20}$/);
    expect(sent.at(-1)).toEqual({
      OriginatorConversationID: 'wd-1',
      InitiatorName: 'd3api',
      SecurityCredential: 'c2VjcmV0LWNyZWRlbnRpYWw=',
      CommandID: 'BusinessPayment',
      Amount: 54,
      PartyA: shortcode,
      PartyB: '254712345678',
      Remarks: 'Referral earnings',
      QueueTimeOutURL: `${origin}/timeout/secret-token`,
      ResultURL: `${origin}/result/secret-token`,
      Occasion: 'Withdrawal',
    });

    const { resultStatus, payout: settled } = await simulator.settlePayout(accepted.conversationId, 0);
    expect(resultStatus).toBe(200);
    const result = ZB2CResult.parse(results.at(-1));
    expect(result.Result).toMatchObject({
      ResultCode: 0,
      OriginatorConversationID: 'wd-1',
      ConversationID: accepted.conversationId,
      TransactionID: settled.transactionId,
    });
    const parameters = new Map(result.Result.ResultParameters!.ResultParameter.map((p) => [p.Key, p.Value]));
    expect(parameters.get('TransactionAmount')).toBe(54);
    expect(parameters.get('TransactionReceipt')).toBe(settled.transactionId);
  });

  it('a failed payout posts its ResultCode without parameters; a replay posts the same body; settling twice is refused', async () => {
    const accepted = await client().b2cPayment(payout('wd-2'));
    await simulator.settlePayout(accepted.conversationId, 1);
    const first = ZB2CResult.parse(results.at(-1));
    expect(first.Result).toMatchObject({
      ResultCode: 1,
      ResultDesc: 'The balance is insufficient for the transaction.',
      OriginatorConversationID: 'wd-2',
    });
    expect(first.Result.ResultParameters).toBeUndefined();
    expect(await simulator.repostPayout(accepted.conversationId)).toBe(200);
    expect(results.at(-1)).toEqual(results.at(-2));
    await expect(simulator.settlePayout(accepted.conversationId, 0)).rejects.toThrow(
      'This payout was already settled',
    );
  });

  it('refuses without initiator credentials, a landline or less than KES 10; the simulator refuses a wrong PartyA', async () => {
    await expect(client({ initiatorName: undefined }).b2cPayment(payout('wd-3'))).rejects.toBeInstanceOf(
      DarajaError,
    );
    await expect(client().b2cPayment({ ...payout('wd-4'), phoneNumber: '020 123 4567' })).rejects.toThrow(
      'Kenyan mobile number',
    );
    await expect(client().b2cPayment({ ...payout('wd-5'), amount: 5 })).rejects.toThrow('at least 10');
    const wrongShortcode = client({ b2cShortcode: '999999' }).b2cPayment(payout('wd-6'));
    await expect(wrongShortcode).rejects.toMatchObject({ kind: 'rejected', httpStatus: 400 });
  });
});
