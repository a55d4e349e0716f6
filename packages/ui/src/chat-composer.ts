import { isApiError } from '@d3/api-client';
import { isSendKey, newClientMessageId } from '@d3/shared/chat/chat-rules';
import { CHAT_MESSAGE_MAX, type TChatMessage } from '@d3/shared/chat/chat-schemas';
import { CLIENT_EVENTS } from '@d3/shared/realtime/socket-events';
import { type ChangeEvent, type KeyboardEvent, useRef, useState } from 'react';

type TSendBody = {
  conversationId: string;
  content: string;
  messageType?: 'text' | 'image';
  attachmentUrl?: string;
  /** The message's own id (issue 35): a resend of the same message carries the same one. */
  clientMessageId: string;
};

/**
 * The message composer both chat pages share (the customer's chat and the merchant's inbox): the
 * draft, one image attachment with its preview, sending (an image is uploaded first), Enter to send,
 * and the typing events. A failed send gives the text and the image back; sending that same text and
 * image again reuses the message's client id, so if the first send was stored after all (its answer
 * was lost) the API answers with it instead of storing it twice (issue 35).
 */
export function useChatComposer({
  conversationId,
  connected,
  waitForSocket,
  send,
  upload,
  onSent,
  setError,
  emit,
  queue,
}: {
  conversationId: string | null;
  connected: boolean;
  /** The customer site sends only while its socket is up; the merchant's inbox sends regardless. */
  waitForSocket: boolean;
  send: (body: TSendBody) => Promise<TChatMessage>;
  upload: (file: File) => Promise<string>;
  onSent: (conversationId: string, message: TChatMessage) => void;
  setError: (message: string | null) => void;
  emit: (event: 'typing_start' | 'typing_stop', conversationId: string) => void;
  /**
   * Keeps a text message to send later instead of sending it now (the customer's chat offline,
   * issue 32); true when it kept it. Without it, or when it declines, the message is sent.
   */
  queue?: (body: { conversationId: string; content: string }) => boolean;
}) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [image, setImage] = useState<{ file: File; preview: string } | null>(null);
  /** The last failed send: the same message sent again keeps its client id. */
  const failed = useRef<{ conversationId: string; text: string; file: File | null; id: string } | null>(null);
  const canSend =
    conversationId !== null &&
    !sending &&
    (connected || !waitForSocket) &&
    (draft.trim().length > 0 || image !== null);

  async function submit() {
    if (!canSend || !conversationId) return;
    const text = draft;
    const attachment = image;
    setDraft('');
    setImage(null);
    setSending(true);
    setError(null);
    emit(CLIENT_EVENTS.typingStop, conversationId);
    if (!attachment && queue?.({ conversationId, content: text })) {
      setSending(false);
      return;
    }
    const last = failed.current;
    const clientMessageId =
      last &&
      last.conversationId === conversationId &&
      last.text === text &&
      last.file === (attachment?.file ?? null)
        ? last.id
        : newClientMessageId();
    try {
      const message = attachment
        ? await send({
            conversationId,
            content: text.trim(),
            messageType: 'image',
            attachmentUrl: await upload(attachment.file),
            clientMessageId,
          })
        : await send({ conversationId, content: text, clientMessageId });
      failed.current = null;
      onSent(conversationId, message);
    } catch (e) {
      failed.current = { conversationId, text, file: attachment?.file ?? null, id: clientMessageId };
      setDraft(text);
      setImage(attachment);
      setError(isApiError(e) && e.status === 400 ? e.message : 'Failed to send message');
    } finally {
      setSending(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (isSendKey({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) {
      event.preventDefault();
      void submit();
    }
  }

  function onDraft(value: string) {
    setDraft(value);
    if (conversationId && (connected || waitForSocket)) emit(CLIENT_EVENTS.typingStart, conversationId);
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setError('Attached files must be images');
      return;
    }
    setImage({ file, preview: URL.createObjectURL(file) });
  }

  /** The message box's props: the draft, typing events, Enter to send, the length limit and its texts. */
  const messageField = {
    value: draft,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => onDraft(event.target.value),
    onKeyDown,
    maxLength: CHAT_MESSAGE_MAX,
    rows: 1,
    placeholder: 'Type a message...',
    'aria-label': 'Message',
  };

  return { draft, setDraft, image, setImage, sending, canSend, submit, messageField, onFile };
}
