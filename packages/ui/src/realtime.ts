import {
  isSocketAuthError,
  type ServerEventHandlers,
  SOCKET_MESSAGES,
  type Socket,
  type SocketHub,
} from '@d3/api-client/socket';
import { applyStatus, mergeMessage } from '@d3/shared/chat/chat-rules';
import { CHAT_TYPING_STOP_MS, type TChatMessage } from '@d3/shared/chat/chat-schemas';
import {
  CLIENT_EVENTS,
  type ClientEventInput,
  type ClientEventName,
  SERVER_EVENTS,
  type ServerEventName,
} from '@d3/shared/realtime/socket-events';
import { useEffect, useRef, useState } from 'react';

export type TConnection = 'connecting' | 'connected' | 'disconnected' | 'failed';

export interface RealtimeOptions {
  /** The connection's messages for the page: null once connected, the seed's text when it fails. */
  onError?: (message: string | null) => void;
  /** The server refused the token (the site clears it and signs in again). */
  onAuthRefused?: () => void;
  /**
   * The socket came back on a new session after a drop (its process was gone, or it was away longer
   * than the recovery window), so the events it missed are not coming: the page reads again what it
   * shows. Called once the server says the socket is in its rooms (`connection_established`), never
   * after a drop Socket.IO recovered (those events are replayed) nor on the first connection.
   */
  onResync?: () => void;
}

/** Sends a client event, its payload typed by the event map (nothing while no socket is held). */
export type TEmit = <E extends ClientEventName>(event: E, payload: ClientEventInput<E>) => void;

/**
 * The one way both sites hold the live socket (issue 37): while mounted with a token, a place on the
 * site's shared socket (`hub`), listening to `handlers` — server events by name, each payload typed
 * by the event map. The events listened to are those `handlers` names on mount; each call runs the
 * latest handler, so handlers may close over render state. Tracks the connection as the seed's
 * rules have it (5 attempts, then 'failed'), and gives a typed `emit`.
 */
export function useRealtime(
  hub: SocketHub,
  token: string | null,
  handlers: ServerEventHandlers,
  options: RealtimeOptions = {},
): { connection: TConnection; emit: TEmit; socket: () => Socket | null } {
  const latest = useRef({ handlers, options });
  latest.current = { handlers, options };
  const socketRef = useRef<Socket | null>(null);
  const [connection, setConnection] = useState<TConnection>('connecting');

  useEffect(() => {
    if (token === null) return;
    const relay: Record<string, (payload: never) => void> = {};
    for (const name of Object.keys(latest.current.handlers) as ServerEventName[]) {
      relay[name] = (payload: never) =>
        (latest.current.handlers[name] as ((payload: never) => void) | undefined)?.(payload);
    }
    const onConnect = () => {
      setConnection('connected');
      latest.current.options.onError?.(null);
    };
    // A read made before the server put the socket in its rooms could miss a message sent in
    // between, so the re-read waits for `connection_established` (sent once the rooms are joined).
    let dropped = false;
    const established = relay[SERVER_EVENTS.connectionEstablished];
    relay[SERVER_EVENTS.connectionEstablished] = (payload: never) => {
      established?.(payload);
      if (dropped && !socketRef.current?.recovered) latest.current.options.onResync?.();
      dropped = false;
    };
    const fail = (message: string) => {
      setConnection('failed');
      latest.current.options.onError?.(message);
    };
    const { socket, leave } = hub.join(token, {
      ...(relay as ServerEventHandlers),
      onConnect,
      onDisconnect: () => {
        dropped = true;
        setConnection('disconnected');
      },
      onConnectError: (error) => {
        if (!isSocketAuthError(error)) return;
        fail(SOCKET_MESSAGES.authFailed);
        latest.current.options.onAuthRefused?.();
      },
      onGaveUp: () => fail(SOCKET_MESSAGES.gaveUp),
    });
    socketRef.current = socket;
    if (socket.connected) onConnect();
    return () => {
      socketRef.current = null;
      leave();
    };
  }, [hub, token]);

  const emit: TEmit = (event, payload) => {
    socketRef.current?.emit(event, payload);
  };
  return { connection, emit, socket: () => socketRef.current };
}

export interface ConversationOptions extends RealtimeOptions {
  /** Whose page this is: the other side's messages are acknowledged, its typing shown. */
  self: 'customer' | 'merchant';
  /** The open conversation: its room is joined while connected, its typing shown. */
  conversationId: string | null;
  /** Changes the cached messages of a conversation (the page's query cache). */
  updateMessages: (conversationId: string, update: (list: TChatMessage[]) => TChatMessage[]) => void;
  /** After a message is merged into its conversation (and acknowledged): lists, counts, read marks. */
  onMessage?: (message: TChatMessage, open: boolean) => void;
  /** A customer started a new conversation with one of the merchant's stores. */
  onConversation?: () => void;
}

/**
 * The live half of both chat pages (issue 37): messages, delivery ticks and read marks written into
 * the page's cached messages, the other side's messages acknowledged as delivered, its typing in
 * the open conversation (cleared after CHAT_TYPING_STOP_MS without news), and the open
 * conversation's room joined while connected.
 */
export function useConversation(hub: SocketHub, token: string | null, options: ConversationOptions) {
  const { self, conversationId } = options;
  const openRef = useRef(conversationId);
  openRef.current = conversationId;
  const latest = useRef(options);
  latest.current = options;
  const [typing, setTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopTyping = () => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = null;
    setTyping(false);
  };

  const realtime = useRealtime(
    hub,
    token,
    {
      [SERVER_EVENTS.newMessage]: (message) => {
        latest.current.updateMessages(message.conversationId, (list) => mergeMessage(list, message));
        const theirs = message.sender !== self;
        if (theirs) realtime.emit(CLIENT_EVENTS.messageDelivered, { messageId: message.id });
        const open = message.conversationId === openRef.current;
        if (open && theirs) stopTyping();
        latest.current.onMessage?.(message, open);
      },
      [SERVER_EVENTS.newConversation]: () => latest.current.onConversation?.(),
      [SERVER_EVENTS.messageStatusUpdate]: (update) =>
        latest.current.updateMessages(update.conversationId, (list) =>
          applyStatus(list, [update.messageId], update.status),
        ),
      [SERVER_EVENTS.messagesRead]: (update) =>
        latest.current.updateMessages(update.conversationId, (list) =>
          applyStatus(list, update.messageIds, 'read'),
        ),
      [SERVER_EVENTS.typingStart]: (event) => {
        if (event?.conversationId !== openRef.current || event?.role === self) return;
        setTyping(true);
        if (typingTimer.current) clearTimeout(typingTimer.current);
        typingTimer.current = setTimeout(() => setTyping(false), CHAT_TYPING_STOP_MS);
      },
      [SERVER_EVENTS.typingStop]: () => setTyping(false),
    },
    {
      onError: (message) => latest.current.onError?.(message),
      onAuthRefused: () => latest.current.onAuthRefused?.(),
      onResync: () => latest.current.onResync?.(),
    },
  );
  const { connection, emit, socket } = realtime;

  // Another conversation opened: its typing is not this one's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on the open conversation only
  useEffect(() => stopTyping(), [conversationId]);
  useEffect(
    () => () => {
      if (typingTimer.current) clearTimeout(typingTimer.current);
    },
    [],
  );

  // The open conversation's room (typing and read marks) while connected; left on the same socket
  // (the tab's socket outlives the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: socket() reads the held socket
  useEffect(() => {
    const held = socket();
    if (!conversationId || connection !== 'connected' || !held) return;
    held.emit(CLIENT_EVENTS.joinConversation, { conversationId });
    return () => {
      held.emit(CLIENT_EVENTS.leaveConversation, { conversationId });
    };
  }, [conversationId, connection]);

  return { connection, typing, emit };
}
