import { uploadedImageSrcSet } from '@d3/shared/site/uploaded-image';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../test/accounts-helpers.js';
import { useApiTestApp } from '../../test/build-app.js';
import { expectProblemCode } from '../../test/problems.js';

const ctx = useApiTestApp();

let owner: { id: string; token: string };
let storeId: string;

beforeAll(async () => {
  const merchant = await ctx.createMerchant();
  owner = { id: merchant.id, token: await ctx.merchantToken(merchant.id) };
  storeId = (await ctx.createStore({ merchantId: merchant.id })).id;
});

function picture(format: 'png' | 'jpeg', width: number, height: number) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

function form(bytes: Buffer, filename: string, type: string): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  return body;
}

function upload(id: string, body: FormData | Record<string, unknown>, token = owner.token) {
  return send(ctx.app, 'POST', `/api/v1/stores/${id}/logo`, { token, body });
}

async function fetchImage(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { response, meta: response.statusCode === 200 ? await sharp(response.rawPayload).metadata() : null };
}

describe('store logo upload', () => {
  it('resizes a PNG to the fixed logo sizes, stores it and shows it on the store', async () => {
    const response = await upload(storeId, form(await picture('png', 900, 600), 'logo.png', 'image/png'));
    expect(response.statusCode, response.body).toBe(200);
    const { image, message } = response.json();
    expect(message).toBe('Logo updated');
    expect(image.url).toMatch(/^\/media\/images\/store-logos\/[0-9a-f-]{36}-lg\.webp$/);
    expect(
      image.sizes.map((s: { name: string; width: number; height: number }) => [s.name, s.width, s.height]),
    ).toEqual([
      ['lg', 512, 512],
      ['sm', 128, 128],
    ]);
    const large = await fetchImage(image.url);
    expect(large.response.headers['content-type']).toBe('image/webp');
    expect([large.meta?.format, large.meta?.width, large.meta?.height]).toEqual(['webp', 512, 512]);
    const small = await fetchImage(image.sizes[1].url);
    expect([small.meta?.width, small.meta?.height]).toEqual([128, 128]);
    // The customer site offers the browser both files, from the logo's address alone (EntityImage).
    expect(uploadedImageSrcSet(image.url)).toBe(`${image.sizes[1].url} 128w, ${image.url} 512w`);

    const store = await send(ctx.app, 'GET', `/api/v1/stores/${storeId}`);
    expect(store.json().store.logo_url).toBe(image.url);
  });

  it('takes a JPEG smaller than the logo size and scales it up to 512 × 512', async () => {
    const response = await upload(storeId, form(await picture('jpeg', 200, 300), 'me.jpg', 'image/jpeg'));
    expect(response.statusCode, response.body).toBe(200);
    const { meta } = await fetchImage(response.json().image.url);
    expect([meta?.format, meta?.width, meta?.height]).toEqual(['webp', 512, 512]);
  });

  it('refuses a text file named .png (the bytes decide), a truncated image, and a request with no file', async () => {
    const before = (await send(ctx.app, 'GET', `/api/v1/stores/${storeId}`)).json().store.logo_url;
    const text = await upload(storeId, form(Buffer.from('not an image at all'), 'logo.png', 'image/png'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({
      success: false,
      code: 'IMAGE_NOT_SUPPORTED',
      message: 'Upload a JPEG, PNG, WebP or GIF image',
      errors: { file: 'Upload a JPEG, PNG, WebP or GIF image' },
    });
    const png = await picture('png', 300, 300);
    const cut = await upload(storeId, form(png.subarray(0, 40), 'cut.png', 'image/png'));
    expectProblemCode(cut, 400, 'IMAGE_NOT_SUPPORTED');
    const json = await upload(storeId, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({
      code: 'IMAGE_NOT_SUPPORTED',
      errors: { file: 'Choose an image to upload' },
    });
    expect((await send(ctx.app, 'GET', `/api/v1/stores/${storeId}`)).json().store.logo_url).toBe(before);
  });

  it('refuses a file over 5 MB with 413 IMAGE_TOO_LARGE', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 7);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const response = await upload(storeId, form(big, 'huge.png', 'image/png'));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      message: 'Image is too large (max 5 MB)',
    });
  });

  it("refuses another merchant's store (403), a customer (403), nobody (401) and an unknown store (404)", async () => {
    const other = await ctx.createMerchant();
    const png = await picture('png', 64, 64);
    const foreign = await upload(storeId, form(png, 'a.png', 'image/png'), await ctx.merchantToken(other.id));
    expectProblemCode(foreign, 403, 'FORBIDDEN');
    const customer = await ctx.createCustomer();
    const asCustomer = await upload(
      storeId,
      form(png, 'a.png', 'image/png'),
      await ctx.customerToken(customer.id),
    );
    expect(asCustomer.statusCode).toBe(403);
    const anonymous = await send(ctx.app, 'POST', `/api/v1/stores/${storeId}/logo`, {
      body: form(png, 'a.png', 'image/png'),
    });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await upload('00000000-0000-4000-8000-000000000999', form(png, 'a.png', 'image/png'));
    expect(unknown.statusCode).toBe(404);
  });

  it('serves only names it made: a made-up or traversing name is 404', async () => {
    for (const url of [
      '/media/images/store-logos/00000000-0000-4000-8000-000000000000-lg.webp',
      '/media/images/chat/whatever.webp',
      '/media/images/store-logos/..%2F..%2Fsecret',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
