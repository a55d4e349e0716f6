import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { decodeTokenClaims, getToken } from '../lib/auth-token';
import { forgetKeptApiAnswers } from '../lib/offline-cache';
import { toastError } from '../lib/toast';
import { useSession } from '../lib/use-session';

const OWNER_KEY = 'd3:offline-owner';
/** After the page has loaded, the worker's install waits this long more: it never slows the first view. */
const REGISTER_AFTER_LOAD_MS = 1500;

/** Runs `start` once the page has loaded (now, if it already has), a little later. */
function afterLoad(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(start, REGISTER_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (timer) clearTimeout(timer);
  };
}

/**
 * The offline copies (issue 32) belong to one customer: when the phone's session is someone else's
 * (or nobody's), the kept API answers and the unsent chat messages are dropped first. Signing in
 * after nobody (owner '') drops nothing: a signed-out visit keeps only public answers, and the
 * last customer's copies went when their session ended. Dropping there would also throw away the
 * chat queries the bell has just started, and send each of them twice (quality.spec's first load).
 */
async function keepCopiesFor(owner: string, client: QueryClient) {
  let previous: string | null = null;
  try {
    previous = localStorage.getItem(OWNER_KEY);
  } catch {
    return;
  }
  if (previous === owner) return;
  if (previous !== null && previous !== '') {
    await forgetKeptApiAnswers();
    const { clearChatOutbox } = await import('../features/chat/lib/chat-outbox');
    clearChatOutbox();
    // Reset, not removed: a removed query leaves the navbar's and the bell's observers holding a
    // query the cache no longer knows, so no later refresh (a socket event, an invalidation) reached
    // them and the chat badge stayed at the old count.
    await client.resetQueries({ queryKey: ['chat'] });
  }
  try {
    localStorage.setItem(OWNER_KEY, owner);
  } catch {
    // Storage blocked: nothing kept to protect either.
  }
}

/** Sends the chat messages written offline, once the connection is back (chat-outbox.ts). */
async function sendQueuedChat(client: QueryClient) {
  const outbox = await import('../features/chat/lib/chat-outbox');
  if (!outbox.hasQueuedChatMessages()) return;
  const [{ sendMessage, chatKeys }, { mergeMessage }] = await Promise.all([
    import('../features/chat/api/chat-api'),
    import('../features/chat/chat-rules'),
  ]);
  const result = await outbox.flushChatOutbox(sendMessage, (entry, message) => {
    client.setQueryData(chatKeys.messages(entry.conversationId), (list: unknown) =>
      mergeMessage((list as Parameters<typeof mergeMessage>[0] | undefined) ?? [], message as never),
    );
  });
  if (result.sent > 0) void client.invalidateQueries({ queryKey: ['chat'] });
  for (const { error } of result.refused) {
    toastError(error instanceof Error ? error.message : 'Failed to send message');
  }
}

/**
 * What the site does for a phone with a flaky line (issue 32), started under the layout once the
 * page is live: the service worker (after the first load), the owner of the offline copies, and the
 * chat messages written offline (sent on start and whenever the connection returns).
 */
export function OfflineServices() {
  const client = useQueryClient();
  const token = useSession()?.token ?? null;

  useEffect(
    () =>
      afterLoad(() => {
        void import('../lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
      }),
    [],
  );

  // The owner is read from storage when the effect runs, not from `token`: a server-rendered page
  // hydrates with the server's snapshot (nobody signed in), and its first effects run with it. Taken
  // from there, every signed-in load of /, /hotdeals, /stores, a store or an offer read as "someone
  // else's phone" and dropped the customer's offline copies, unsent chat and chat queries.
  // biome-ignore lint/correctness/useExhaustiveDependencies: token is the trigger; storage is read
  useEffect(() => {
    const stored = getToken();
    const owner = stored ? String(decodeTokenClaims(stored)?.sub ?? 'customer') : '';
    void keepCopiesFor(owner, client).then(() => {
      if (stored && navigator.onLine) void sendQueuedChat(client);
    });
  }, [token, client]);

  useEffect(() => {
    if (!token) return;
    const onOnline = () => void sendQueuedChat(client);
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [token, client]);

  return null;
}
