import { ZReviewForm } from '@d3/shared/engagement/engagement-schemas';
import { useT } from '@d3/ui';
import clsx from 'clsx';
import { CircleAlert, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { REVIEW_MAX_LENGTH, REVIEW_MESSAGES } from '../lib/review-messages';
import { StarRatingInput } from './star-rating-input';

export interface TReviewValues {
  rating: number;
  text: string;
}

export interface ReviewEditorProps {
  /** Accessible name of the form, e.g. 'Write a review'. */
  label: string;
  initial?: TReviewValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal, already in the seed's words. */
  serverError: string | null;
  onSubmit: (values: TReviewValues) => void;
  onCancel?: () => void;
  /** Any edit clears a shown server error. */
  onEdit?: () => void;
  placeholder?: string;
  autoFocus?: boolean;
}

/**
 * Stars plus a comment with a live 'n/500' counter. The same zod schema as the API checks the values, so
 * a missing rating or a blank comment gives the seed's 'Please provide both a rating and a comment.'
 */
export function ReviewEditor({
  label,
  initial,
  submitLabel,
  pendingLabel,
  pending,
  serverError,
  onSubmit,
  onCancel,
  onEdit,
  placeholder,
  autoFocus = false,
}: ReviewEditorProps) {
  const t = useT();
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [text, setText] = useState(initial?.text ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  const textId = useId();
  const counterId = useId();
  const errorId = useId();

  const error = invalid ?? serverError;
  const nearLimit = text.length >= REVIEW_MAX_LENGTH - 50;

  function edited() {
    setInvalid(null);
    onEdit?.();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = ZReviewForm.safeParse({ rating: rating || undefined, text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? REVIEW_MESSAGES.required);
      return;
    }
    setInvalid(null);
    onSubmit({ rating: parsed.data.rating, text: parsed.data.text });
  }

  return (
    <form noValidate aria-label={label} onSubmit={submit} className="space-y-4">
      <StarRatingInput
        value={rating}
        invalid={invalid !== null && rating === 0}
        disabled={pending}
        onChange={(value) => {
          setRating(value);
          edited();
        }}
      />
      <div>
        <label htmlFor={textId} className="text-sm font-semibold text-slate-800 dark:text-slate-100">
          {t('reviews.yourReview')}
        </label>
        <textarea
          id={textId}
          value={text}
          rows={4}
          maxLength={REVIEW_MAX_LENGTH}
          disabled={pending}
          autoFocus={autoFocus}
          placeholder={placeholder}
          aria-invalid={invalid !== null && text.trim() === '' ? true : undefined}
          aria-describedby={clsx(counterId, error && errorId)}
          onChange={(event) => {
            setText(event.target.value);
            edited();
          }}
          className="field mt-1.5 min-h-28 resize-y leading-6"
        />
        <p
          id={counterId}
          className={clsx(
            'mt-1 text-right text-xs tabular-nums',
            nearLimit
              ? 'font-semibold text-amber-700 dark:text-amber-400'
              : 'text-slate-500 dark:text-slate-400',
          )}
        >
          <span aria-hidden="true">
            {text.length}/{REVIEW_MAX_LENGTH}
          </span>
          <span className="sr-only">
            {t('reviews.charactersUsed', { count: text.length, max: REVIEW_MAX_LENGTH })}
          </span>
        </p>
      </div>
      {error && (
        <p
          id={errorId}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary min-w-32" disabled={pending}>
          {pending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {pending ? pendingLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={pending}>
            {t('reviews.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
