import { useT } from '@d3/ui';
import { isApiError } from '../../../lib/api-client';
import { SPLIT_TEXT } from '../lib/split-labels';

/** A split page before it has its split: loading, or why it cannot show it (by the error's code). */
export function SplitPageState({ error }: { error: unknown }) {
  const t = useT();
  if (!error) {
    return (
      <div className="content-width py-10" role="status">
        {t('splits.loading')}
      </div>
    );
  }
  return (
    <div className="content-width py-10">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{SPLIT_TEXT.title}</h1>
      <p role="alert" className="mt-3 text-slate-700 dark:text-slate-200">
        {isApiError(error) && error.code === 'SPLIT_NOT_FOUND' ? SPLIT_TEXT.notFound : SPLIT_TEXT.loadFailed}
      </p>
    </div>
  );
}
