import { MERCHANT_CANNED_REPLY, MERCHANT_QUICK_REPLIES } from '@d3/shared/chat/quick-replies';
import { ChatQuickReplies, type useChatComposer } from '@d3/ui';
import { clsx } from 'clsx';
import { ImagePlus, Loader2, Send, X } from 'lucide-react';
import type { RefObject } from 'react';
import { buttonClass } from '../../../components/ui';

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
  const { image, setImage, sending, canSend, submit, messageField, onFile } = composer;
  return (
    <div className="border-t border-slate-200 dark:border-slate-800">
      <ChatQuickReplies
        replies={MERCHANT_QUICK_REPLIES}
        onPick={onReply}
        before={
          <button
            type="button"
            onClick={() => onReply(MERCHANT_CANNED_REPLY)}
            title={MERCHANT_CANNED_REPLY}
            className="h-8 rounded-full border border-orange-700 px-3 text-xs font-semibold whitespace-nowrap text-orange-800 hover:bg-orange-50 dark:border-orange-400 dark:text-orange-300 dark:hover:bg-orange-500/10"
          >
            Standard reply
          </button>
        }
      />
      {image ? (
        <div className="flex items-center gap-2 px-3 pt-2">
          <img src={image.preview} alt="Attachment preview" className="size-16 rounded-lg object-cover" />
          <button
            type="button"
            className={buttonClass('ghost', true)}
            onClick={() => setImage(null)}
            aria-label="Remove attachment"
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
          <span className="sr-only">Attach image</span>
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
          aria-label="Send"
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
