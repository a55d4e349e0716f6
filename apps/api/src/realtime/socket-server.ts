import { ERROR_CODES } from '@d3/shared/api/error-codes';
import type {
  ClientEventName,
  ClientEventPayload,
  ClientToServerEvents,
  ServerToClientEvents,
  SocketFailure,
  TUserStatus,
} from '@d3/shared/realtime/socket-events';
import { SERVER_EVENTS } from '@d3/shared/realtime/socket-events';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { merchantStores } from '../modules/stores/stores-service.js';
import { isUnavailable } from '../plugins/error-handler.js';
import { createWindowLimiter } from '../plugins/window-limiter.js';
import { allowedOrigin, type OriginPolicy } from './origin-check.js';
import { MemoryPresence, type PresenceStore, RedisPresence } from './presence.js';
import {
  armExpiry,
  DEFAULT_SOCKET_BUDGETS,
  endSocket,
  type GuardedSession,
  guardSocket,
  type SocketBudgets,
} from './socket-guard.js';

/** Who a socket belongs to, set by the handshake: the token's subject, role, version and expiry. */
export type SocketSession = GuardedSession;

export interface SocketData {
  session: SocketSession;
  /** The stores a merchant socket serves (joined as store rooms). */
  storeIds: string[];
  /** Rooms told when this user comes online or goes offline. */
  presenceAudience: string[];
  /** Conversations this socket has joined with join_conversation. */
  viewing: Set<string>;
  /** The status this socket last announced (user_status_update relays changes only). */
  status: TUserStatus;
  /** Set once the session ended (logout, password change, deletion, expiry): nothing more runs. */
  ended?: boolean;
}

/** Between the processes: a session ended on one ends that account's sockets on all. */
type InterServerEvents = Record<string, (...args: unknown[]) => void>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** How sockets check sessions: the API's own token check and its revocation check. */
export interface Authenticator {
  /** The token's session (signature, expiry, current version), or null. */
  authenticate(token: string): Promise<SocketSession | null>;
  /** The session's token version is still the account's (no logout, password change, deletion). */
  isCurrent(session: SocketSession): Promise<boolean>;
}
export type ConnectionHandler = (socket: AppSocket) => void | Promise<void>;

/** A handshake refusal: the seed's message, plus data.code for clients to switch on (decision 0562). */
export function handshakeError(
  code: 'SOCKET_AUTH_MISSING' | 'SOCKET_AUTH_INVALID' | 'SERVICE_UNAVAILABLE',
): Error {
  const error = new Error(ERROR_CODES[code].message) as Error & { data: { code: string } };
  error.data = { code };
  return error;
}

export const userRoom = (userId: string) => `user:${userId}`;
export const storeRoom = (storeId: string) => `store:${storeId}`;
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;
/** Customers who chat with a store watch its merchant's presence here. */
export const storeWatchRoom = (storeId: string) => `watch:store:${storeId}`;

/** What other modules use to reach connected users (notifications, chat). */
export interface Realtime {
  emitToUser(userId: string, event: string, payload: unknown): void;
  emitToStore(storeId: string, event: string, payload: unknown): void;
  emitToConversation(conversationId: string, event: string, payload: unknown): void;
  /**
   * One emit to the union of rooms: a socket in several of them gets the event once. Payloads are
   * JSON (what a socket receives anyway): with Redis they cross to the other processes as JSON.
   */
  emitToRooms(rooms: string[], event: string, payload: unknown): void;
  isUserOnline(userId: string): Promise<boolean>;
  isViewingConversation(userId: string, conversationId: string): Promise<boolean>;
  /** Adds every socket of the user (on any process) to a room. */
  joinUserSockets(userId: string, room: string): void;
  /** The auth plugin lives in the /api/v1 scope; app.ts hands its token check over here. */
  setAuthenticator(authenticator: Authenticator): void;
  /**
   * A session change moved the account's token version on (logout, password change or reset,
   * deletion): the account's sockets whose token is older than `tokenVersion` (all of them when
   * undefined) are ended on every process, each told `session_ended` first.
   */
  endSessions(role: SocketSession['role'], accountId: string, tokenVersion?: number): void;
  /** A client event's handler: gets the payload the event map parsed, and the ack when asked. */
  onClientEvent<E extends ClientEventName>(
    socket: AppSocket,
    event: E,
    handler: (payload: ClientEventPayload<E>, ack: (answer: object | SocketFailure) => void) => void,
  ): void;
  /** Modules add their socket events (chat). Handlers run after the user's rooms are joined. */
  onConnection(handler: ConnectionHandler): void;
  /** Marks (or clears) the socket as looking at a conversation. */
  setViewing(socket: AppSocket, conversationId: string, viewing: boolean): Promise<void>;
  readonly io: Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

function tokenFromHandshake(handshake: Socket['handshake']): string | undefined {
  const fromAuth = (handshake.auth as { token?: unknown } | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth.trim()) return fromAuth.trim().replace(/^Bearer\s+/i, '');
  const fromQuery = handshake.query.token;
  if (typeof fromQuery === 'string' && fromQuery.trim()) return fromQuery.trim();
  const header = handshake.headers.authorization;
  if (typeof header === 'string') {
    const [scheme, value] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && value?.trim()) return value.trim();
  }
  const cookieHeader = handshake.headers.cookie;
  if (typeof cookieHeader === 'string') {
    for (const part of cookieHeader.split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if ((name === 'access_token' || name === 'merchant_access_token') && rest.length) {
        const value = decodeURIComponent(rest.join('='));
        if (value) return value;
      }
    }
  }
  return undefined;
}

export interface RealtimeOptions extends OriginPolicy {
  redis: Redis | undefined;
  /** Prefix of the Redis keys and adapter channels (processes that share it see each other). */
  keyPrefix: string;
  /** Event budgets per socket and per user (issue 31 finding 4). */
  budgets?: SocketBudgets;
  /** How often each process re-checks its sockets' sessions (the backstop for a missed revocation). */
  sessionSweepMs?: number;
}

/** The inter-process message that ends an account's sockets (Socket.IO serverSideEmit). */
const END_SESSIONS = 'd3:end_sessions';

/** How long a dropped client's state (rooms, missed events) is kept for it (issue 35). */
export const RECOVERY_WINDOW_MS = 2 * 60_000;

/**
 * Socket.IO on the API's own HTTP server at /socket.io (websocket with polling fallback). With a
 * Redis client the @socket.io/redis-streams-adapter joins the processes and presence lives in Redis.
 *
 * Connection state recovery (issue 35): a client whose connection dropped (network, a restarted
 * process or proxy) and that reconnects within RECOVERY_WINDOW_MS gets its socket id and rooms back
 * and receives every event it missed, once each: every room emit is an entry of the Redis stream
 * (in memory without Redis), and the client's last offset says where it stopped. The handshake's
 * token is checked again on recovery (skipMiddlewares: false), so a session ended meanwhile is
 * refused as on a first connect.
 */
export default fp(
  async function socketServer(app: FastifyInstance, options: RealtimeOptions) {
    const io = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      cors: options.corsOrigins.length ? { origin: options.corsOrigins, credentials: true } : undefined,
      pingInterval: 20_000,
      pingTimeout: 20_000,
      maxHttpBufferSize: 64 * 1024,
      connectionStateRecovery: { maxDisconnectionDuration: RECOVERY_WINDOW_MS, skipMiddlewares: false },
      allowRequest: (request, callback) => {
        if (allowedOrigin(request, options)) callback(null, true);
        else callback('Origin not allowed', false);
      },
    });
    const budgets = options.budgets ?? DEFAULT_SOCKET_BUDGETS;

    let pub: Redis | undefined;
    let streams: Redis | undefined;
    let presence: PresenceStore;
    if (options.redis) {
      // The adapter's own client never gives up on a command while Redis is away (a restart, a
      // failover): stream entries, publishes and saved sessions wait and then go, so a Redis blip
      // delays events instead of losing them. Its fire-and-forget calls are logged, never unhandled.
      streams = patientClient(options.redis.duplicate({ maxRetriesPerRequest: null }), (err) =>
        app.log.warn({ err }, 'socket.io redis adapter error'),
      );
      io.adapter(
        createAdapter(streams, {
          streamName: `${options.keyPrefix}-socket.io`,
          channelPrefix: `${options.keyPrefix}-socket.io`,
          sessionKeyPrefix: `${options.keyPrefix}:sio:session:`,
          // About two minutes of events at 200 chat messages/s (each makes a few emits): the
          // recovery window must still be in the stream when a client comes back.
          maxLen: 200_000,
        }),
      );
      // Auto-pipelining: presence reads and writes of one event-loop turn leave in one write.
      pub = options.redis.duplicate({ enableAutoPipelining: true });
      pub.on('error', (err) => app.log.error({ err }, 'socket.io redis client error'));
      presence = new RedisPresence(pub, `${options.keyPrefix}:rt:`);
    } else {
      presence = new MemoryPresence();
    }

    let authenticator: Authenticator = {
      authenticate: async () => null,
      isCurrent: async () => false,
    };
    const handlers: ConnectionHandler[] = [];
    const userLimiter = createWindowLimiter({
      max: budgets.perUser,
      windowMs: budgets.windowMs,
      redis: pub,
      prefix: options.keyPrefix,
      name: 'socket-events',
    });
    /** Each socket's setup (rooms, module handlers): events wait for it. */
    const readiness = new WeakMap<object, Promise<void>>();

    io.use((socket, next) => {
      const token = tokenFromHandshake(socket.handshake);
      if (!token) return next(handshakeError('SOCKET_AUTH_MISSING'));
      authenticator
        .authenticate(token)
        .then((session) => {
          if (!session) return next(handshakeError('SOCKET_AUTH_INVALID'));
          socket.data.session = session;
          next();
        })
        // A token that could not be checked is not a bad token: signing the user out over a
        // database blip would lose their session for nothing.
        .catch((error: unknown) =>
          next(handshakeError(isUnavailable(error) ? 'SERVICE_UNAVAILABLE' : 'SOCKET_AUTH_INVALID')),
        );
    });

    const onlineKey = (userId: string) => `online:${userId}`;
    const viewingKey = (userId: string, conversationId: string) => `viewing:${userId}:${conversationId}`;

    function statusEvents(data: SocketData, online: boolean) {
      const { sub: userId, role } = data.session;
      const at = new Date().toISOString();
      const status = online ? 'online' : 'offline';
      const rooms = data.presenceAudience;
      if (rooms.length === 0) return;
      io.to(rooms).emit(online ? SERVER_EVENTS.userOnline : SERVER_EVENTS.userOffline, { userId, role, at });
      statusUpdate(data, status, at);
    }

    /** A merchant's status to the watchers of each of their stores; a customer's to their audience. */
    function statusUpdate(data: SocketData, status: 'online' | 'away' | 'busy' | 'offline', at: string) {
      const { sub: userId, role } = data.session;
      const online = status !== 'offline';
      if (role === 'merchant') {
        for (const storeId of data.storeIds) {
          io.to(storeWatchRoom(storeId)).emit(SERVER_EVENTS.merchantStatusUpdate, {
            merchantId: userId,
            storeId,
            status,
            online,
            at,
          });
        }
      } else if (data.presenceAudience.length) {
        io.to(data.presenceAudience).emit(SERVER_EVENTS.customerStatusUpdate, { userId, status, online, at });
      }
    }

    /** Presence cleanups of disconnected sockets still running (shutdown waits for them). */
    const cleanups = new Set<Promise<void>>();

    io.on('connection', (rawSocket) => {
      const socket = rawSocket as unknown as AppSocket;
      const data = socket.data;
      data.viewing = new Set();
      data.storeIds = [];
      data.presenceAudience = [];
      data.status = 'online';
      const { sub: userId, role } = data.session;
      const disarmExpiry = armExpiry(rawSocket, data.session);
      const ready = (async () => {
        await socket.join(userRoom(userId));
        if (role === 'merchant') {
          const stores = await merchantStores(app.db, userId);
          data.storeIds = stores.map((store) => store.id);
          await socket.join(data.storeIds.map(storeRoom));
          data.presenceAudience = data.storeIds.map(storeWatchRoom);
        }
        for (const handler of handlers) await handler(socket);
        const wasOnline = await presence.has(onlineKey(userId));
        await presence.add(onlineKey(userId), socket.id);
        if (!wasOnline) statusEvents(data, true);
        socket.emit(SERVER_EVENTS.connectionEstablished, {
          userId,
          role,
          storeIds: data.storeIds,
          at: new Date().toISOString(),
        });
      })();
      ready.catch((err) => {
        if (isUnavailable(err)) {
          // Only the transport closes: the client reconnects and is set up again (decision 0562).
          app.log.warn({ err }, 'socket setup failed: database or Redis unavailable');
          socket.conn.close();
          return;
        }
        app.log.error({ err }, 'socket setup failed');
        socket.disconnect(true);
      });
      readiness.set(rawSocket, ready);
      // Every event passes the guard first: a live session, a known event, the budgets, a valid
      // payload. Events sent right after 'connect' wait until the rooms are joined and every
      // module's handlers are attached (otherwise an early join_conversation is silently lost).
      guardSocket(rawSocket, data.session, {
        budgets,
        userLimiter,
        isCurrent: (session) => authenticator.isCurrent(session),
        ready: () => ready.catch(() => undefined),
        onEnded: () => undefined,
        log: app.log,
      });

      // The client announces itself after connecting (seed 001 §7); rooms are already joined.
      realtime.onClientEvent(socket, 'user_join', (_payload, ack) => {
        ack({ success: true, userId, role, storeIds: data.storeIds });
      });
      // Seed 001 §7 "Notifications": the bell's sockets are in the user's room from the handshake.
      realtime.onClientEvent(socket, 'join_notifications', (_payload, ack) => {
        ack({ success: true, userId });
      });

      // Relayed only when it changes: a client repeating its status sends the audience nothing.
      realtime.onClientEvent(socket, 'user_status_update', ({ status }) => {
        if (status === data.status) return;
        data.status = status;
        statusUpdate(data, status, new Date().toISOString());
      });

      socket.on('disconnect', () => {
        disarmExpiry();
        const cleanup = (async () => {
          await ready.catch(() => undefined);
          for (const conversationId of data.viewing) {
            await presence.remove(viewingKey(userId, conversationId), socket.id);
          }
          await presence.remove(onlineKey(userId), socket.id);
          if (!(await presence.has(onlineKey(userId)))) statusEvents(data, false);
        })().catch((err) => app.log.warn({ err }, 'socket presence cleanup failed'));
        cleanups.add(cleanup);
        void cleanup.finally(() => cleanups.delete(cleanup));
      });
    });

    // Through the adapter: each emit is one stream entry every process reads, and the offset a
    // client's recovery resumes from.
    const emit = (rooms: string[], event: string, payload: unknown) => {
      io.to(rooms).emit(event, payload);
    };

    const realtime: Realtime = {
      io,
      emitToUser: (userId, event, payload) => emit([userRoom(userId)], event, payload),
      emitToStore: (storeId, event, payload) => emit([storeRoom(storeId)], event, payload),
      emitToConversation: (conversationId, event, payload) =>
        emit([conversationRoom(conversationId)], event, payload),
      emitToRooms: (rooms, event, payload) => {
        if (rooms.length) emit(rooms, event, payload);
      },
      isUserOnline: (userId) => presence.has(onlineKey(userId)),
      isViewingConversation: (userId, conversationId) => presence.has(viewingKey(userId, conversationId)),
      joinUserSockets: (userId, room) => io.in(userRoom(userId)).socketsJoin(room),
      setAuthenticator: (next) => {
        authenticator = next;
      },
      endSessions: (role, accountId, tokenVersion) => {
        endLocalSessions(role, accountId, tokenVersion);
        // The other processes end theirs (through the adapter's Redis channel).
        if (options.redis) io.serverSideEmit(END_SESSIONS, role, accountId, tokenVersion ?? null);
      },
      onClientEvent: (socket, event, handler) => {
        // The event guard already checked the payload against the map's schema (the handler gets it parsed).
        const listener = (payload: unknown, ack?: unknown) => {
          handler(
            payload as never,
            typeof ack === 'function' ? (ack as (answer: object) => void) : () => undefined,
          );
        };
        socket.on(event, listener as never);
      },
      onConnection: (handler) => {
        handlers.push(handler);
      },
      setViewing: async (socket, conversationId, viewing) => {
        const { sub: userId } = socket.data.session;
        if (viewing) {
          socket.data.viewing.add(conversationId);
          await presence.add(viewingKey(userId, conversationId), socket.id);
        } else {
          socket.data.viewing.delete(conversationId);
          await presence.remove(viewingKey(userId, conversationId), socket.id);
        }
      },
    };
    app.decorate('realtime', realtime);

    /** Ends this process's sockets of the account whose token is older than `tokenVersion`. */
    function endLocalSessions(role: SocketSession['role'], accountId: string, tokenVersion?: number | null) {
      const ids = io.of('/').adapter.rooms.get(userRoom(accountId));
      for (const id of ids ?? []) {
        const socket = io.of('/').sockets.get(id);
        const session = (socket?.data as SocketData | undefined)?.session;
        if (!socket || !session || session.role !== role || session.sub !== accountId) continue;
        if (tokenVersion === undefined || tokenVersion === null || session.tv < tokenVersion)
          endSocket(socket);
      }
    }
    io.on(END_SESSIONS, (role: SocketSession['role'], accountId: string, tokenVersion: number | null) => {
      if ((role === 'customer' || role === 'merchant') && typeof accountId === 'string') {
        endLocalSessions(role, accountId, tokenVersion);
      }
    });

    // The backstop: every sessionSweepMs each process re-checks its sockets' token versions (one
    // batched read per role), so a session ended by any path is closed within that time.
    app.events.on('account.sessions_revoked', ({ role, accountId, tokenVersion }) =>
      realtime.endSessions(role, accountId, tokenVersion),
    );
    app.events.on('account.deleted', ({ role, userId }) => realtime.endSessions(role, userId));

    const sweep = setInterval(() => {
      for (const socket of io.of('/').sockets.values()) {
        const data = socket.data as SocketData;
        if (!data.session || data.ended) continue;
        authenticator.isCurrent(data.session).then(
          (current) => {
            if (!current) endSocket(socket);
          },
          () => undefined,
        );
      }
    }, options.sessionSweepMs ?? 30_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));

    // Before Fastify closes the HTTP server: drop this process's connections and presence entries.
    // Closing the transports (not socket.disconnect(), which tells the client "io server
    // disconnect" and stops its reconnecting) lets clients reconnect to the restarted process.
    app.addHook('preClose', async () => {
      // New handshakes are refused from here on, so a quick reconnect cannot hold the server open.
      io.engine.opts.allowRequest = (_request, callback) => callback('Server shutting down', false);
      io.engine.close();
      // The sockets' own cleanups finish before the Redis clients go (a command after quit fails).
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...cleanups]);
      await presence.close().catch(() => undefined);
    });
    app.addHook('onClose', async () => {
      io.of('/').adapter.close();
      await Promise.all([pub?.quit().catch(() => undefined), streams?.quit().catch(() => undefined)]);
    });
  },
  { name: 'realtime' },
);

/** ioredis commands whose promise the adapter drops (it never awaits them). */
const FIRE_AND_FORGET = new Set(['subscribe', 'ssubscribe', 'publish', 'spublish', 'set', 'xadd']);

/**
 * The ioredis client given to @socket.io/redis-streams-adapter, and each client it duplicates from
 * it: a command it does not await (SUBSCRIBE, PUBLISH, SET of a session) that fails is logged
 * instead of becoming an unhandled rejection, which would end the process (issue 35: whatever
 * Redis does, a process never crashes). Awaited commands still see the failure.
 */
function patientClient(client: Redis, onError: (err: unknown) => void): Redis {
  client.on('error', onError);
  return new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'duplicate') {
        return (...args: Parameters<Redis['duplicate']>) => patientClient(target.duplicate(...args), onError);
      }
      if (typeof property === 'string' && FIRE_AND_FORGET.has(property)) {
        return (...args: unknown[]) => {
          const result = (value as (...a: unknown[]) => unknown).apply(target, args);
          if (result instanceof Promise) result.catch(onError);
          return result;
        };
      }
      return value.bind(target);
    },
  });
}
