import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.js';
import { AfricasTalkingSms } from './africas-talking.js';

const accepted = {
  SMSMessageData: {
    Message: 'Sent to 1/1 Total Cost: KES 0.8000',
    Recipients: [{ number: '+254712345678', status: 'Success', statusCode: 101 }],
  },
};

describe("Africa's Talking SMS client", () => {
  it('posts the form-encoded message with the apiKey header to the live API', async () => {
    const { fetch, calls } = fakeFetch(201, accepted);
    const sms = new AfricasTalkingSms({
      username: 'd3deals',
      apiKey: 'atsk_live',
      senderId: 'D3DEALS',
      fetch,
    });
    await sms.send('+254712345678', 'Your code is 123456');
    expect(calls).toHaveLength(1);
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(url).toBe('https://api.africastalking.com/version1/messaging');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      apiKey: 'atsk_live',
      Accept: 'application/json',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      username: 'd3deals',
      to: '+254712345678',
      message: 'Your code is 123456',
      from: 'D3DEALS',
    });
  });

  it('uses the sandbox API for the sandbox user and omits an unset sender id', async () => {
    const { fetch, calls } = fakeFetch(201, accepted);
    await new AfricasTalkingSms({ username: 'sandbox', apiKey: 'k', fetch }).send('+254712345678', 'hi');
    expect(calls[0]!.url).toBe('https://api.sandbox.africastalking.com/version1/messaging');
    expect(new URLSearchParams(String(calls[0]!.init.body)).has('from')).toBe(false);
  });

  it('throws when the API refuses the request or the recipient', async () => {
    const unauthorised = fakeFetch(401, 'The supplied authentication is invalid');
    await expect(
      new AfricasTalkingSms({ username: 'x', apiKey: 'bad', fetch: unauthorised.fetch }).send(
        '+254712345678',
        'hi',
      ),
    ).rejects.toThrow(/HTTP 401/);
    const rejected = fakeFetch(201, {
      SMSMessageData: {
        Recipients: [{ number: '+254712345678', status: 'InvalidPhoneNumber', statusCode: 403 }],
      },
    });
    await expect(
      new AfricasTalkingSms({ username: 'x', apiKey: 'k', fetch: rejected.fetch }).send(
        '+254712345678',
        'hi',
      ),
    ).rejects.toThrow(/InvalidPhoneNumber/);
  });
});
