import { IMAGE_UPLOAD_ACCEPT, imageFileProblem } from '@d3/shared/merchant/image-schemas';
import { useT } from '@d3/ui';
import { clsx } from 'clsx';
import { ImagePlus, Loader2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { type TUploadRoute, uploadImage } from '../lib/api/upload-image';
import { ApiError } from '../lib/api-client';

type TState =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: number }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string };

/**
 * Picks an image, shows it at once, uploads it (multipart, with progress) and reports the
 * server's answer. The file's type and size are checked here first; the server checks the bytes.
 */
export function ImageUploadField({
  label,
  upload,
  currentUrl,
  onUploaded,
  shape = 'square',
  hint,
}: {
  label: string;
  upload: { route: TUploadRoute; id: string };
  currentUrl: string | null;
  onUploaded: (url: string) => void | Promise<void>;
  shape?: 'square' | 'wide';
  hint?: string;
}) {
  const t = useT();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<TState>({ kind: 'idle' });
  useEffect(() => () => (preview?.startsWith('blob:') ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) return setState({ kind: 'error', message: problem });
    const local = URL.createObjectURL(file);
    setPreview(local);
    setState({ kind: 'uploading', progress: 0 });
    try {
      const response = await uploadImage(upload, file, (progress) =>
        setState({ kind: 'uploading', progress }),
      );
      // Show what the server made of it (cut to the fixed size), not the local file.
      setPreview(response.image.url);
      await onUploaded(response.image.url);
      setState({ kind: 'done', message: response.message });
    } catch (error) {
      setPreview(null);
      const message =
        error instanceof ApiError
          ? typeof error.fieldErrors.file === 'string'
            ? error.fieldErrors.file
            : error.message
          : t('upload.failed');
      setState({ kind: 'error', message });
    }
  };

  const shown = preview ?? currentUrl;
  const busy = state.kind === 'uploading';
  const statusId = `${id}-status`;
  return (
    <div>
      <span className="block text-sm font-medium text-slate-800 dark:text-slate-200">{label}</span>
      <div className="mt-1.5 flex items-center gap-4">
        <div
          className={clsx(
            'relative grid shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-slate-300 bg-slate-50 dark:border-slate-700 dark:bg-slate-800',
            shape === 'square' ? 'size-20' : 'h-20 w-28',
          )}
        >
          {shown ? (
            <img src={shown} alt={t('upload.preview', { label })} className="size-full object-cover" />
          ) : (
            <ImagePlus aria-hidden="true" className="size-6 text-slate-400" />
          )}
          {busy ? (
            <span className="absolute inset-0 grid place-items-center bg-white/60 dark:bg-slate-900/60">
              <Loader2 aria-hidden="true" className="size-5 animate-spin text-orange-700" />
            </span>
          ) : null}
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <label
            className={clsx(
              'inline-flex h-9 cursor-pointer items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 focus-within:outline-2 focus-within:outline-orange-600 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
              busy && 'pointer-events-none opacity-60',
            )}
          >
            <input
              id={id}
              type="file"
              accept={IMAGE_UPLOAD_ACCEPT}
              className="sr-only"
              onChange={(event) => void choose(event)}
              disabled={busy}
              aria-label={shown ? t('upload.changeNamed', { label }) : t('upload.chooseNamed', { label })}
              aria-describedby={statusId}
            />
            {shown ? t('upload.change') : t('upload.choose')}
          </label>
          <div id={statusId} aria-live="polite" className="text-sm">
            {state.kind === 'uploading' ? (
              <div>
                <div
                  role="progressbar"
                  aria-label={t('upload.progress')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(state.progress * 100)}
                  className="h-1.5 w-full max-w-48 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                >
                  <div
                    className="h-full bg-orange-600 transition-[width]"
                    style={{ width: `${Math.max(5, Math.round(state.progress * 100))}%` }}
                  />
                </div>
                <p className="mt-1 text-slate-600 dark:text-slate-400">
                  {t('upload.uploading', { percent: Math.round(state.progress * 100) })}
                </p>
              </div>
            ) : state.kind === 'error' ? (
              <p className="text-red-700 dark:text-red-400" role="alert">
                {state.message}
              </p>
            ) : state.kind === 'done' ? (
              <p className="text-emerald-700 dark:text-emerald-400">{state.message}</p>
            ) : (
              <p className="text-slate-600 dark:text-slate-400">
                {hint ?? 'JPEG, PNG, WebP or GIF, up to 5 MB.'}
              </p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
