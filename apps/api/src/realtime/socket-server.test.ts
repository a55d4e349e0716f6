import { describe, expect, it } from 'vitest';
import { useApiTestApp } from '../test/build-app.js';

import { listenUrl, nextEvent, openSocket, socketsClosedAfterAll } from '../test/sockets.js';

const test = useApiTestApp();
const sockets = socketsClosedAfterAll();

async function open(...args: Parameters<typeof openSocket>) {
  const socket = await openSocket(...args);
  sockets.push(socket);
  return socket;
}

describe('socket handshake', () => {
  it('a handshake without a token fails with No authentication token available', async () => {
    const url = await listenUrl(test.app);
    await expect(openSocket(url)).rejects.toThrow('No authentication token available');
  });

  it('a bad or forged socket token fails with Invalid or expired authentication token', async () => {
    const url = await listenUrl(test.app);
    await expect(openSocket(url, { token: 'not-a-jwt' })).rejects.toThrow(
      'Invalid or expired authentication token',
    );
    const customer = await test.createCustomer();
    const good = await test.customerToken(customer.id);
    const forged = `${good.slice(0, -4)}AAAA`;
    await expect(openSocket(url, { token: forged })).rejects.toThrow(
      'Invalid or expired authentication token',
    );
  });

  it('the token is accepted from auth, the query and the Authorization header', async () => {
    const url = await listenUrl(test.app);
    const customer = await test.createCustomer();
    const token = await test.customerToken(customer.id);
    for (const via of ['auth', 'query', 'header'] as const) {
      const socket = await open(url, { token, via });
      const hello = await new Promise<{ userId: string; role: string }>((resolve) =>
        socket.emit('user_join', {}, resolve),
      );
      expect(hello).toMatchObject({ success: true, userId: customer.id, role: 'customer' });
    }
  });

  it('a merchant socket joins its stores and is reachable through emitToStore and emitToUser', async () => {
    const url = await listenUrl(test.app);
    const merchant = await test.createMerchant();
    const store = await test.createStore({ merchantId: merchant.id });
    const socket = await open(url, { token: await test.merchantToken(merchant.id) });
    const hello = await new Promise<{ storeIds: string[] }>((resolve) =>
      socket.emit('user_join', {}, resolve),
    );
    expect(hello.storeIds).toEqual([store.id]);
    const toStore = nextEvent(socket, 'probe_store');
    test.app.realtime.emitToStore(store.id, 'probe_store', { n: 1 });
    expect(await toStore).toEqual({ n: 1 });
    const toUser = nextEvent(socket, 'probe_user');
    test.app.realtime.emitToUser(merchant.id, 'probe_user', { n: 2 });
    expect(await toUser).toEqual({ n: 2 });
    expect(await test.app.realtime.isUserOnline(merchant.id)).toBe(true);
    socket.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await test.app.realtime.isUserOnline(merchant.id)).toBe(false);
  });

  it('a refused handshake carries data.code SOCKET_AUTH_MISSING or SOCKET_AUTH_INVALID with the seed message', async () => {
    const url = await listenUrl(test.app);
    const missing = (await openSocket(url).catch((e: unknown) => e)) as Error & { data?: { code: string } };
    expect(missing.message).toBe('No authentication token available');
    expect(missing.data).toEqual({ code: 'SOCKET_AUTH_MISSING' });
    const bad = (await openSocket(url, { token: 'not-a-jwt' }).catch((e: unknown) => e)) as Error & {
      data?: { code: string };
    };
    expect(bad.message).toBe('Invalid or expired authentication token');
    expect(bad.data).toEqual({ code: 'SOCKET_AUTH_INVALID' });
  });

  it('/socket.io paths never answer the site index.html', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/socket.io' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});
