import { MERCHANT_QUICK_REPLIES } from '@d3/shared/chat/quick-replies';
import { ChatQuickReplies, type useChatComposer, useT } from '@d3/ui';
import { clsx } from 'clsx';
import { ImagePlus, Loader2, Send, X } from 'lucide-react';
import type { RefObject } from 'react';
import { buttonClass } from '../../../components/ui';

/** The merchant's quick replies in the page's language: `chat.quickReply.N` is MERCHANT_QUICK_REPLIES[N]'s words. */
const QUICK_REPLY_IDS = MERCHANT_QUICK_REPLIES.map((_, index) => `chat.quickReply.${index}`);

/** The inbox's composer: quick and canned replies, the attachment preview, the message box and Send. */
export function ComposerBar({
  composer,
  inputRef,
  onReply,
}: {
  composer: ReturnType<typeof useChatComposer>;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  onReply: (text: string) => void;
}) {
  const t = useT();
  const { image, setImage, sending, canSend, submit, messageField, onFile } = composer;
  const cannedReply = t('chat.cannedReply');
  return (
    <div className="border-t border-slate-200 dark:border-slate-800">
      <ChatQuickReplies
        replies={QUICK_REPLY_IDS.map((id) => t(id))}
        onPick={onReply}
        before={
          <button
            type="button"
            onClick={() => onReply(cannedReply)}
            title={cannedReply}
            className="h-8 rounded-full border border-orange-700 px-3 text-xs font-semibold whitespace-nowrap text-orange-800 hover:bg-orange-50 dark:border-orange-400 dark:text-orange-300 dark:hover:bg-orange-500/10"
          >
            {t('chat.standardReply')}
          </button>
        }
      />
      {image ? (
        <div className="flex items-center gap-2 px-3 pt-2">
          <img
            src={image.preview}
            alt={t('chat.attachmentPreview')}
            className="size-16 rounded-lg object-cover"
          />
          <button
            type="button"
            className={buttonClass('ghost', true)}
            onClick={() => setImage(null)}
            aria-label={t('chat.removeAttachment')}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <form
        className="flex items-end gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label
          className={clsx(
            buttonClass('secondary'),
            'w-11 shrink-0 cursor-pointer px-0 focus-within:outline-2 focus-within:outline-orange-600',
          )}
        >
          <ImagePlus aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('chat.attachImage')}</span>
          <input
            type="file"
            accept="image/*"
            className="sr-only"
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <textarea
          ref={inputRef}
          {...messageField}
          className="block min-h-11 min-w-0 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-orange-600 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        <button
          type="submit"
          className={clsx(buttonClass('primary'), 'w-11 shrink-0 px-0')}
          disabled={!canSend}
          aria-label={t('chat.send')}
        >
          {sending ? (
            <Loader2 aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Send aria-hidden="true" className="size-5" />
          )}
        </button>
      </form>
    </div>
  );
}
