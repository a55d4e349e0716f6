import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../test/fake-fetch.js';
import { WhatsAppCloudClient } from './cloud-api-client.js';
import { signatureMatches, webhookSignature } from './whatsapp-wire.js';

const options = { token: 'EAAG-token', phoneNumberId: '106540352242922', version: 'v23.0' };

describe('WhatsApp Cloud API client (issue 36)', () => {
  it('posts the template message with the bearer token to /{version}/{phone-number-id}/messages', async () => {
    const { fetch, calls } = fakeFetch(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: '254712345678', wa_id: '254712345678' }],
      messages: [{ id: 'wamid.HBgLMjU0NzEyMzQ1Njc4FQIAERgS', message_status: 'accepted' }],
    });
    const client = new WhatsAppCloudClient({ ...options, fetch });
    const answer = await client.sendTemplate('+254712345678', {
      name: 'booking_reminder',
      language: 'sw',
      parameters: ['Facial', 'Glow Spa', '12 Des 2026 saa 14:00'],
    });
    expect(answer).toEqual({ messageId: 'wamid.HBgLMjU0NzEyMzQ1Njc4FQIAERgS' });
    const [{ url, init }] = calls as [{ url: string; init: RequestInit }];
    expect(url).toBe('https://graph.facebook.com/v23.0/106540352242922/messages');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer EAAG-token',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(init.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '254712345678',
      type: 'template',
      template: {
        name: 'booking_reminder',
        language: { code: 'sw' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Facial' },
              { type: 'text', text: 'Glow Spa' },
              { type: 'text', text: '12 Des 2026 saa 14:00' },
            ],
          },
        ],
      },
    });
  });

  it('throws with Meta’s error code when the API refuses the message', async () => {
    const { fetch } = fakeFetch(400, {
      error: { message: 'Message undeliverable', type: 'OAuthException', code: 131026, fbtrace_id: 'x' },
    });
    await expect(
      new WhatsAppCloudClient({ ...options, fetch }).sendTemplate('+254712345678', {
        name: 'refund_sent',
        language: 'en',
        parameters: ['150'],
      }),
    ).rejects.toMatchObject({
      code: 131026,
      status: 400,
      message: expect.stringMatching(/HTTP 400: \(#131026\)/),
    });
  });

  it('signs and checks a webhook body as Meta does (sha256= HMAC of the raw bytes)', () => {
    const body = '{"object":"whatsapp_business_account","entry":[]}';
    const signature = webhookSignature('app-secret', body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signatureMatches('app-secret', body, signature)).toBe(true);
    expect(signatureMatches('app-secret', `${body}\n`, signature)).toBe(false);
    expect(signatureMatches('other-secret', body, signature)).toBe(false);
    expect(signatureMatches('app-secret', body, undefined)).toBe(false);
    expect(signatureMatches('app-secret', body, signature.replace('sha256=', 'sha1='))).toBe(false);
  });
});
