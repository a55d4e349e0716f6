import { createSocketHub, SOCKET_MESSAGES, type Socket } from '@d3/api-client/socket';
import { CHAT_TYPING_STOP_MS, type TChatMessage } from '@d3/shared/chat/chat-schemas';
import { CLIENT_EVENTS, SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConversation, useRealtime } from './realtime';

type THandler = (payload?: unknown) => void;

/** Listeners by event name, as an emitter keeps them. */
class Listeners {
  readonly #handlers = new Map<string, THandler[]>();
  on(event: string, handler: THandler) {
    this.#handlers.set(event, [...(this.#handlers.get(event) ?? []), handler]);
    return this;
  }
  off(event: string, handler: THandler) {
    this.#handlers.set(
      event,
      (this.#handlers.get(event) ?? []).filter((h) => h !== handler),
    );
    return this;
  }
  listenerCount(event: string) {
    return this.#handlers.get(event)?.length ?? 0;
  }
  fire(event: string, payload?: unknown) {
    for (const handler of this.#handlers.get(event) ?? []) handler(payload);
  }
}

/** Stands in for socket.io-client: `server(event, payload)` is the API pushing an event; `emitted` what the client sent. */
class FakeSocket extends Listeners {
  connected = false;
  closed = false;
  io = new Listeners();
  emitted: Array<[string, unknown]> = [];
  constructor(readonly token: string) {
    super();
  }
  emit(event: string, payload?: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  close() {
    this.closed = true;
    return this;
  }
  server(event: string, payload?: unknown) {
    act(() => this.fire(event, payload));
  }
}

let sockets: FakeSocket[];
const connect = (token: string) => {
  const socket = new FakeSocket(token);
  sockets.push(socket);
  return socket as unknown as Socket;
};

const CONV = '00000000-0000-4000-8000-0000000000c1';
const OTHER = '00000000-0000-4000-8000-0000000000c2';

function message(id: string, sender: 'customer' | 'merchant', conversationId = CONV): TChatMessage {
  return {
    id,
    conversationId,
    content: `hello ${id}`,
    text: `hello ${id}`,
    messageType: 'text',
    attachmentUrl: null,
    status: 'sent',
    sender,
    sender_type: sender,
    recipient_type: sender === 'customer' ? 'merchant' : 'customer',
    senderId: sender === 'customer' ? 'u1' : 'm1',
    senderInfo: { id: 'u1', name: 'Amina Njeri', role: sender },
    timestamp: '2026-11-23T09:00:00+03:00',
    createdAt: '2026-11-23T09:00:00+03:00',
    deliveredAt: null,
    readAt: null,
    seq: Number(id.replace(/\D/g, '')) || 1,
    clientMessageId: null,
  };
}

beforeEach(() => {
  sockets = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createSocketHub', () => {
  it('shares one socket per token, closes it when the last holder leaves, and at once for another token', () => {
    const hub = createSocketHub(connect);
    const first = hub.join('t1', {});
    const second = hub.join('t1', {});
    expect(sockets).toHaveLength(1);
    expect(second.socket).toBe(first.socket);
    first.leave();
    expect(sockets[0]!.closed).toBe(false);
    second.leave();
    expect(sockets[0]!.closed).toBe(true);

    const old = hub.join('t1', {});
    hub.join('t2', {});
    expect(sockets.map((s) => [s.token, s.closed])).toEqual([
      ['t1', true],
      ['t1', true],
      ['t2', false],
    ]);
    old.leave();
    expect(sockets[2]!.closed).toBe(false);
  });

  it('with an idle delay keeps the socket for a holder that joins again meanwhile, and takes listeners off', () => {
    vi.useFakeTimers();
    const hub = createSocketHub(connect, { idleCloseMs: 1000 });
    const onNew = vi.fn();
    const page = hub.join('t1', { [SERVER_EVENTS.newNotification]: onNew });
    expect(sockets[0]!.listenerCount(SERVER_EVENTS.newNotification)).toBe(1);
    page.leave();
    expect(sockets[0]!.listenerCount(SERVER_EVENTS.newNotification)).toBe(0);
    vi.advanceTimersByTime(500);
    const next = hub.join('t1', {});
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closed).toBe(false);
    next.leave();
    vi.advanceTimersByTime(1000);
    expect(sockets[0]!.closed).toBe(true);
  });
});

describe('useRealtime', () => {
  it('holds no socket without a token', () => {
    const hub = createSocketHub(connect);
    const { result } = renderHook(() => useRealtime(hub, null, {}));
    expect(sockets).toHaveLength(0);
    expect(result.current.connection).toBe('connecting');
  });

  it('hands each server event its payload, follows the connection and sends typed client events', () => {
    const hub = createSocketHub(connect);
    const seen: number[] = [];
    const onError = vi.fn();
    const { result, unmount } = renderHook(() =>
      useRealtime(
        hub,
        't1',
        { [SERVER_EVENTS.notificationCountUpdate]: (event) => seen.push(event.unread ?? -1) },
        { onError },
      ),
    );
    const socket = sockets[0]!;
    expect(result.current.connection).toBe('connecting');
    socket.server('connect');
    expect(result.current.connection).toBe('connected');
    expect(onError).toHaveBeenLastCalledWith(null);

    socket.server(SERVER_EVENTS.notificationCountUpdate, { unread: 4, total: 9 });
    expect(seen).toEqual([4]);

    act(() => result.current.emit(CLIENT_EVENTS.markRead, { conversationId: CONV }));
    expect(socket.emitted).toEqual([[CLIENT_EVENTS.markRead, { conversationId: CONV }]]);

    socket.server('disconnect');
    expect(result.current.connection).toBe('disconnected');
    act(() => socket.io.fire('reconnect_failed'));
    expect(result.current.connection).toBe('failed');
    expect(onError).toHaveBeenLastCalledWith(SOCKET_MESSAGES.gaveUp);

    unmount();
    expect(socket.closed).toBe(true);
  });

  it('asks the page to read again after a drop Socket.IO could not recover, once the server has put the socket in its rooms', () => {
    const hub = createSocketHub(connect);
    const onResync = vi.fn();
    let established = 0;
    renderHook(() =>
      useRealtime(
        hub,
        't1',
        {
          [SERVER_EVENTS.connectionEstablished]: () => {
            established += 1;
          },
        },
        { onResync },
      ),
    );
    const socket = sockets[0]! as FakeSocket & { recovered?: boolean };
    const ready = { userId: 'u1', role: 'customer', storeIds: [], at: '2026-11-26T10:00:00Z' };
    // The first connection: the page's own first read is current.
    socket.server('connect');
    socket.server(SERVER_EVENTS.connectionEstablished, ready);
    expect(onResync).not.toHaveBeenCalled();
    // A drop Socket.IO recovered: the missed events are replayed, nothing to read again.
    socket.server('disconnect');
    socket.recovered = true;
    socket.server('connect');
    socket.server(SERVER_EVENTS.connectionEstablished, ready);
    expect(onResync).not.toHaveBeenCalled();
    // A drop onto a new session (the process died): read again, but only once the rooms are joined.
    socket.server('disconnect');
    socket.recovered = false;
    socket.server('connect');
    expect(onResync).not.toHaveBeenCalled();
    socket.server(SERVER_EVENTS.connectionEstablished, ready);
    expect(onResync).toHaveBeenCalledTimes(1);
    // The page's own listener still hears every `connection_established`.
    expect(established).toBe(3);
    socket.server(SERVER_EVENTS.connectionEstablished, ready);
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('a refused token fails the connection with the seed message and asks the site to sign in again', () => {
    const hub = createSocketHub(connect);
    const onError = vi.fn();
    const onAuthRefused = vi.fn();
    const { result } = renderHook(() => useRealtime(hub, 't1', {}, { onError, onAuthRefused }));
    // Another connection problem is not a refusal: socket.io keeps trying.
    sockets[0]!.server('connect_error', new Error('xhr poll error'));
    expect(result.current.connection).toBe('connecting');
    expect(onAuthRefused).not.toHaveBeenCalled();

    sockets[0]!.server(
      'connect_error',
      Object.assign(new Error('refused'), { data: { code: 'SOCKET_AUTH_INVALID' } }),
    );
    expect(result.current.connection).toBe('failed');
    expect(onError).toHaveBeenLastCalledWith(SOCKET_MESSAGES.authFailed);
    expect(onAuthRefused).toHaveBeenCalledTimes(1);
  });

  it('starts connected on a socket another holder already connected, and runs the latest handler', () => {
    const hub = createSocketHub(connect);
    const bell = hub.join('t1', {});
    (bell.socket as unknown as FakeSocket).connected = true;
    let label = 'first';
    const seen: string[] = [];
    const { result, rerender } = renderHook(() =>
      useRealtime(hub, 't1', { [SERVER_EVENTS.notificationRead]: () => seen.push(label) }),
    );
    expect(result.current.connection).toBe('connected');
    label = 'second';
    rerender();
    sockets[0]!.server(SERVER_EVENTS.notificationRead, { notificationIds: 'all' });
    expect(seen).toEqual(['second']);
    expect(sockets).toHaveLength(1);
  });
});

describe('useConversation', () => {
  function renderConversation(self: 'customer' | 'merchant', conversationId: string | null = CONV) {
    const hub = createSocketHub(connect);
    const cache = new Map<string, TChatMessage[]>([
      [CONV, []],
      [OTHER, []],
    ]);
    const received: Array<[string, boolean]> = [];
    const view = renderHook(
      ({ open }: { open: string | null }) =>
        useConversation(hub, 't1', {
          self,
          conversationId: open,
          updateMessages: (id, update) => cache.set(id, update(cache.get(id) ?? [])),
          onMessage: (m, isOpen) => received.push([m.id, isOpen]),
        }),
      { initialProps: { open: conversationId } },
    );
    return { ...view, cache, received, socket: sockets[0]! };
  }

  it('merges messages, acknowledges only the other side’s and applies ticks and read marks', () => {
    const { cache, received, socket } = renderConversation('merchant');
    socket.server(SERVER_EVENTS.newMessage, message('m1', 'customer'));
    socket.server(SERVER_EVENTS.newMessage, message('m2', 'merchant'));
    socket.server(SERVER_EVENTS.newMessage, message('m3', 'customer', OTHER));
    expect(cache.get(CONV)!.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(cache.get(OTHER)!.map((m) => m.id)).toEqual(['m3']);
    expect(received).toEqual([
      ['m1', true],
      ['m2', true],
      ['m3', false],
    ]);
    expect(socket.emitted.filter(([event]) => event === CLIENT_EVENTS.messageDelivered)).toEqual([
      [CLIENT_EVENTS.messageDelivered, { messageId: 'm1' }],
      [CLIENT_EVENTS.messageDelivered, { messageId: 'm3' }],
    ]);

    socket.server(SERVER_EVENTS.messageStatusUpdate, {
      conversationId: CONV,
      messageId: 'm2',
      status: 'delivered',
    });
    expect(cache.get(CONV)!.find((m) => m.id === 'm2')!.status).toBe('delivered');
    socket.server(SERVER_EVENTS.messagesRead, { conversationId: CONV, messageIds: ['m2'] });
    expect(cache.get(CONV)!.find((m) => m.id === 'm2')!.status).toBe('read');
  });

  it('shows the other side typing in the open conversation only, until it stops or goes quiet', () => {
    vi.useFakeTimers();
    const { result, socket } = renderConversation('customer');
    const typing = (conversationId: string, role: 'customer' | 'merchant') => ({
      conversationId,
      userId: 'x',
      role,
      isTyping: true,
      at: '2026-11-23T09:00:00+03:00',
    });
    socket.server(SERVER_EVENTS.typingStart, typing(OTHER, 'merchant'));
    socket.server(SERVER_EVENTS.typingStart, typing(CONV, 'customer'));
    expect(result.current.typing).toBe(false);

    socket.server(SERVER_EVENTS.typingStart, typing(CONV, 'merchant'));
    expect(result.current.typing).toBe(true);
    socket.server(SERVER_EVENTS.typingStop, typing(CONV, 'merchant'));
    expect(result.current.typing).toBe(false);

    socket.server(SERVER_EVENTS.typingStart, typing(CONV, 'merchant'));
    act(() => vi.advanceTimersByTime(CHAT_TYPING_STOP_MS));
    expect(result.current.typing).toBe(false);

    // A message from the typist ends its typing at once.
    socket.server(SERVER_EVENTS.typingStart, typing(CONV, 'merchant'));
    socket.server(SERVER_EVENTS.newMessage, message('m9', 'merchant'));
    expect(result.current.typing).toBe(false);
  });

  it('joins the open conversation’s room once connected, and leaves it on a change and on unmount', () => {
    const { rerender, unmount, socket } = renderConversation('customer');
    const rooms = () =>
      socket.emitted.filter(
        ([event]) => event === CLIENT_EVENTS.joinConversation || event === CLIENT_EVENTS.leaveConversation,
      );
    expect(rooms()).toEqual([]);
    socket.server('connect');
    expect(rooms()).toEqual([[CLIENT_EVENTS.joinConversation, { conversationId: CONV }]]);
    rerender({ open: OTHER });
    rerender({ open: null });
    expect(rooms()).toEqual([
      [CLIENT_EVENTS.joinConversation, { conversationId: CONV }],
      [CLIENT_EVENTS.leaveConversation, { conversationId: CONV }],
      [CLIENT_EVENTS.joinConversation, { conversationId: OTHER }],
      [CLIENT_EVENTS.leaveConversation, { conversationId: OTHER }],
    ]);
    rerender({ open: CONV });
    unmount();
    expect(rooms().at(-1)).toEqual([CLIENT_EVENTS.leaveConversation, { conversationId: CONV }]);
  });
});
