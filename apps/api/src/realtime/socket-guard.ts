import { ERROR_CODES, type ErrorCode } from '@d3/shared/api/error-codes';
import {
  CLIENT_EVENT_SCHEMAS,
  type ClientEventName,
  isClientEventName,
  SERVER_EVENTS,
  type SessionEndedEvent,
  type SocketErrorEvent,
  type SocketFailure,
} from '@d3/shared/realtime/socket-events';
import type { Socket } from 'socket.io';
import { isUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../plugins/error-handler.js';
import { memoryWindowLimiter, type WindowLimiter } from '../plugins/window-limiter.js';

/**
 * What every client event passes before a handler sees it (issue 31, findings 1 and 4):
 * 1. the session is still live (not ended by logout / password change / deletion, not expired);
 * 2. the event is one of the event map's (packages/shared/src/realtime/socket-events.ts);
 * 3. it fits the socket's budget and the user's budget (the user's is shared by every process
 *    through Redis);
 * 4. its payload passes the event's schema (handlers get the parsed payload).
 * A refused event is answered through its ack, or with a `socket_error` event; a socket that keeps
 * sending refused events is disconnected. An ended session gets `session_ended`, then a disconnect.
 */

export interface SocketBudgets {
  /** Events one socket may send per window. */
  perSocket: number;
  /** Events one user may send per window, across all their sockets and processes. */
  perUser: number;
  windowMs: number;
  /** Refused events one socket may send per window before it is disconnected. */
  strikes: number;
}

export const DEFAULT_SOCKET_BUDGETS: SocketBudgets = {
  perSocket: 60,
  perUser: 120,
  windowMs: 10_000,
  strikes: 20,
};

/**
 * Events that change or reveal stored data: the session's token version is read again (one
 * primary-key read, batched per turn) before they run, so the moment a session ends no such event
 * of it runs — not even on another process that has not yet heard of the revocation.
 */
const REVALIDATED: ReadonlySet<ClientEventName> = new Set([
  'join_conversation',
  'send_message',
  'mark_read',
  'message_delivered',
]);

type Ack = (answer: SocketFailure) => void;

export interface GuardedSession {
  sub: string;
  role: 'customer' | 'merchant';
  tv: number;
  /** Token expiry, seconds since the epoch. */
  exp: number | undefined;
}

export interface GuardDependencies {
  budgets: SocketBudgets;
  /** The per-user counter (Redis-backed when configured). */
  userLimiter: WindowLimiter;
  /** The token's version is still the account's (accounts' session validator). */
  isCurrent(session: GuardedSession): Promise<boolean>;
  /** Waits until the socket's rooms and handlers are ready. */
  ready(socket: Socket): Promise<void>;
  onEnded(socket: Socket): void;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const sessionEnded: SessionEndedEvent = {
  code: 'SESSION_EXPIRED',
  message: ERROR_CODES.SESSION_EXPIRED.message,
};

/** Marks the socket ended, tells the client why, disconnects it (the client does not reconnect). */
export function endSocket(socket: Socket, reason: 'session' | ErrorCode = 'session'): void {
  const data = socket.data as { ended?: boolean };
  if (data.ended) return;
  data.ended = true;
  // Written to this socket now, before the disconnect below: with connection state recovery a plain
  // socket.emit goes through the adapter (a Redis stream entry first) and would arrive after it.
  const now = socket.nsp.local.to(socket.id);
  if (reason === 'session') now.emit(SERVER_EVENTS.sessionEnded, sessionEnded);
  else
    now.emit(SERVER_EVENTS.socketError, {
      event: 'connection',
      code: reason,
      message: ERROR_CODES[reason].message,
    } satisfies SocketErrorEvent);
  // A Socket.IO disconnect packet ("io server disconnect"): the client's manager does not reconnect.
  socket.disconnect();
  // A client that ignores it keeps no connection open for long.
  setTimeout(() => socket.conn.close(), 1000).unref();
}

export function isExpired(session: GuardedSession, now = Date.now()): boolean {
  return session.exp !== undefined && session.exp * 1000 <= now;
}

/** Ends the socket when its token expires (timers beyond ~24.8 days are re-armed). */
export function armExpiry(socket: Socket, session: GuardedSession): () => void {
  if (session.exp === undefined) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    const left = session.exp! * 1000 - Date.now();
    if (left <= 0) {
      endSocket(socket);
      return;
    }
    timer = setTimeout(arm, Math.min(left, 2 ** 31 - 1));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}

/** Installs the guard as the socket's first middleware. */
export function guardSocket(socket: Socket, session: GuardedSession, deps: GuardDependencies): void {
  const { budgets } = deps;
  const perSocket = memoryWindowLimiter(budgets.perSocket, budgets.windowMs);
  const strikes = memoryWindowLimiter(budgets.strikes, budgets.windowMs);
  const data = socket.data as { ended?: boolean };

  const refuse = (
    event: string,
    args: unknown[],
    code: ErrorCode,
    extra: Partial<SocketFailure> = {},
    strike = true,
  ) => {
    const failure: SocketFailure = {
      success: false,
      code,
      message: extra.message ?? ERROR_CODES[code].message,
      ...(extra.errors ? { errors: extra.errors } : {}),
      ...(extra.retryAfter ? { retryAfter: extra.retryAfter } : {}),
    };
    const ack = args.at(-1);
    if (typeof ack === 'function') (ack as Ack)(failure);
    else
      socket.emit(SERVER_EVENTS.socketError, {
        event: event.slice(0, 64),
        code,
        message: failure.message,
        ...(failure.retryAfter ? { retryAfter: failure.retryAfter } : {}),
      } satisfies SocketErrorEvent);
    if (strike && strikes.hitNow('strikes') !== null) endSocket(socket, 'RATE_LIMITED');
  };

  // One packet after another, in the order they came: a refusal never overtakes an earlier event
  // still being checked, and a client's events reach their handlers in the order it sent them.
  let turn: Promise<void> = Promise.resolve();
  socket.use((packet, next) => {
    turn = turn.then(() => guard(packet, next));
  });

  async function guard(packet: unknown[], next: (error?: Error) => void): Promise<void> {
    const [event, ...args] = packet as [unknown, ...unknown[]];
    return (async () => {
      await deps.ready(socket);
      if (data.ended || socket.disconnected) return;
      if (isExpired(session)) {
        endSocket(socket);
        deps.onEnded(socket);
        return;
      }
      const name = typeof event === 'string' ? event : String(event);
      if (!isClientEventName(event)) return refuse(name, args, 'SOCKET_EVENT_UNKNOWN');
      const overSocket = perSocket.hitNow('events');
      const overUser = overSocket ?? (await deps.userLimiter.hit(`${session.role}:${session.sub}`));
      if (overSocket !== null || overUser !== null) {
        return refuse(name, args, 'RATE_LIMITED', { retryAfter: overSocket ?? overUser ?? 1 });
      }
      const hasAck = typeof args.at(-1) === 'function';
      const payload = hasAck ? args.slice(0, -1)[0] : args[0];
      const parsed = CLIENT_EVENT_SCHEMAS[event].safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message = issue?.message ?? ERROR_CODES.VALIDATION_ERROR.message;
        const field = issue?.path.find((part) => typeof part === 'string');
        return refuse(name, args, 'VALIDATION_ERROR', {
          message,
          errors: { [field ?? 'payload']: message },
        });
      }
      // A check that could not be made (the database did not answer) throws: the event is refused
      // below (SERVICE_UNAVAILABLE, the client sends it again), the session is not ended for it.
      if (REVALIDATED.has(event) && !(await deps.isCurrent(session))) {
        endSocket(socket);
        deps.onEnded(socket);
        return;
      }
      if (data.ended || socket.disconnected) return;
      // Handlers receive the parsed payload (ids lower-cased, text trimmed) and the ack.
      packet.splice(1, packet.length - 1, parsed.data, ...(hasAck ? [args.at(-1)] : []));
      next();
      // Socket.IO hands the event to its handler on the next tick: let it, before the next packet
      // is judged (a refusal that ends the socket must not drop the events allowed before it).
      await new Promise<void>((resolve) => process.nextTick(resolve));
    })().catch((error: unknown) => {
      const name = typeof event === 'string' ? event : 'unknown';
      if (isUnavailable(error)) {
        // Not the client's fault: no strike towards a disconnect.
        deps.log.warn({ err: error }, 'socket event refused: database or Redis unavailable');
        refuse(name, args, 'SERVICE_UNAVAILABLE', { retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS }, false);
        return;
      }
      deps.log.error({ err: error }, 'socket event guard failed');
      refuse(name, args, 'INTERNAL');
    });
  }
}
