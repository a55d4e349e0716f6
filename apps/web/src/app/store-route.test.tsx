import { apiError } from '@d3/test-support/msw/handlers';
import { mswServer, recordRequests } from '@d3/test-support/msw/server';
import { cleanup } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../test/render';
import { routes } from './router';

const STORE_ID = '7d1f3c2a-5b6e-4c8d-9e0f-112233445566';

afterEach(() => cleanup());

/**
 * Issue 38: the store page asked for its offers, services and reviews only once the store itself had
 * arrived, so the browser waited twice and the server rendered the page three times (two full renders
 * thrown away). All four reads now start together.
 */
describe('the store page asks for everything it shows at once', () => {
  it('offers, services and the first page of reviews are asked for while the store is still on its way', async () => {
    let answerStore: () => void = () => {};
    const storeHeld = new Promise<void>((resolve) => (answerStore = resolve));
    mswServer.use(
      http.get(`*/api/v1/stores/${STORE_ID}`, async () => {
        await storeHeld;
        return apiError('NOT_FOUND', 'Not found');
      }),
      http.get('*/api/v1/*', () => HttpResponse.json({ success: true })),
    );
    const seen = recordRequests();
    renderRoutes(routes, `/store/${STORE_ID}`);
    const paths = () => seen.map((request) => request.url.pathname);
    await expect
      .poll(paths, { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          `/api/v1/stores/${STORE_ID}`,
          `/api/v1/offers/store/${STORE_ID}`,
          `/api/v1/services/store/${STORE_ID}`,
          `/api/v1/stores/${STORE_ID}/reviews`,
        ]),
      );
    answerStore();
  });
});
