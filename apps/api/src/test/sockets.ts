import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll } from 'vitest';

/** Listens on a free port of 127.0.0.1 (once) and answers the base URL. */
export async function listenUrl(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

export interface SocketOptions {
  token?: string;
  via?: 'auth' | 'query' | 'header';
}

/** A websocket client; resolves once connected, rejects with the handshake error's message. */
export function openSocket(url: string, { token, via = 'auth' }: SocketOptions = {}): Promise<Socket> {
  const socket = connect(url, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: 5000,
    ...(token && via === 'auth' ? { auth: { token } } : {}),
    ...(token && via === 'query' ? { query: { token } } : {}),
    ...(token && via === 'header'
      ? { transportOptions: { websocket: { extraHeaders: { authorization: `Bearer ${token}` } } } }
      : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/**
 * A websocket client signed in with the token, kept in `sockets` (see socketsClosedAfterAll);
 * resolves once the server has joined its rooms (user_join answers once it has).
 */
export async function openJoined(sockets: Socket[], url: string, token: string): Promise<Socket> {
  const socket = await openSocket(url, { token });
  sockets.push(socket);
  await new Promise((resolve) => socket.emit('user_join', {}, resolve));
  return socket;
}

/** Resolves with the next payload of the event (rejects after ms). */
export function nextEvent<T = unknown>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, onEvent);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    function onEvent(payload: T) {
      clearTimeout(timer);
      resolve(payload);
    }
    socket.once(event, onEvent);
  });
}

/** Every payload of the event from now on. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sockets a test file opens, pushed here: all are closed after the file's tests. */
export function socketsClosedAfterAll(): Socket[] {
  const sockets: Socket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });
  return sockets;
}
