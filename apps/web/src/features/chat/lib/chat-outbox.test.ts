import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearChatOutbox, flushChatOutbox, hasQueuedChatMessages, queueChatMessage } from './chat-outbox';

/** An error as apiFetch throws it for an API answer (status set) or a failed fetch (none). */
const refusal = (status: number, message: string) => Object.assign(new Error(message), { status });

describe('chat outbox (issue 32)', () => {
  let online = true;
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    clearChatOutbox();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    clearChatOutbox();
  });

  it('messages written offline wait, then go once each, in order, however often the flush is started', async () => {
    online = false;
    queueChatMessage('c1', 'Are you open on Sunday?');
    queueChatMessage('c1', 'And is parking free?');
    const sent: string[] = [];
    const send = vi.fn(async ({ content }: { content: string }) => {
      sent.push(content);
      return { id: `m${sent.length}`, content };
    });
    // Still offline: nothing leaves.
    expect((await flushChatOutbox(send)).sent).toBe(0);
    expect(send).not.toHaveBeenCalled();

    online = true;
    // The `online` event in two places at once (two tabs, or the event and a page start).
    const [first, second] = await Promise.all([flushChatOutbox(send), flushChatOutbox(send)]);
    expect(first.sent + second.sent).toBe(2);
    expect(sent).toEqual(['Are you open on Sunday?', 'And is parking free?']);
    expect(hasQueuedChatMessages()).toBe(false);
    // Kept across a reload: the outbox lives in localStorage until sent.
    expect(localStorage.getItem('d3:chat-outbox')).toBeNull();
  });

  it('a send that fails before any answer keeps the message for later; an API refusal drops it and says why', async () => {
    queueChatMessage('c1', 'first');
    queueChatMessage('c1', 'second');
    const dropped = vi.fn(async () => {
      throw refusal(0, 'Network error'); // the API client's "no answer"
    });
    expect((await flushChatOutbox(dropped)).sent).toBe(0);
    expect(dropped).toHaveBeenCalledTimes(1); // the rest wait behind the first, in order
    expect(hasQueuedChatMessages()).toBe(true);
    expect(JSON.parse(localStorage.getItem('d3:chat-outbox') ?? '[]')).toMatchObject([
      { content: 'first', sending: false },
      { content: 'second' },
    ]);

    const refusing = vi.fn(async ({ content }: { content: string }) => {
      if (content === 'first') throw refusal(403, 'You cannot message this store');
      return { id: 'm2', content };
    });
    const result = await flushChatOutbox(refusing);
    expect(result.sent).toBe(1);
    expect(result.refused.map(({ entry }) => entry.content)).toEqual(['first']);
    expect(hasQueuedChatMessages()).toBe(false);
  });

  it('a message whose answer was lost goes again with the same client message id, so the API stores it once (issue 35)', async () => {
    queueChatMessage('c1', 'Is 4 pm free?');
    queueChatMessage('c1', 'For two people');
    const ids: string[] = [];
    // The request reached the API, its answer did not (the API client's "no answer").
    const lost = vi.fn(async ({ clientMessageId }: { clientMessageId: string }) => {
      ids.push(clientMessageId);
      throw refusal(0, 'Network error');
    });
    await flushChatOutbox(lost);
    const answered = vi.fn(
      async ({ clientMessageId, content }: { clientMessageId: string; content: string }) => {
        ids.push(clientMessageId);
        return { id: `m-${clientMessageId}`, content };
      },
    );
    expect((await flushChatOutbox(answered)).sent).toBe(2);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(ids[0]).toMatch(/^[\w.:-]{1,64}$/);
  });
});
