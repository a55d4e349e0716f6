import type { UiStyle } from '@d3/ui';

/** The form fields both sites show alike live in @d3/ui; this is the merchant site's look of them. */
const primaryButtonClass =
  'inline-flex h-11 w-full items-center justify-center gap-2 rounded-xl bg-orange-700 px-4 text-[0.9375rem] font-semibold text-white shadow-sm transition-colors hover:bg-orange-800 disabled:cursor-not-allowed disabled:opacity-60';

export const textLinkClass =
  'rounded font-semibold text-orange-700 underline-offset-2 hover:underline dark:text-orange-400';

export const MERCHANT_UI_STYLE: UiStyle = {
  input:
    'block h-11 w-full rounded-xl border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 sm:text-sm dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400 focus-visible:border-orange-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-orange-600',
  inputValid: 'border-slate-300 dark:border-slate-700',
  inputInvalid: 'border-red-500 dark:border-red-400',
  toggle:
    'grid size-9 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
  link: textLinkClass,
  button: primaryButtonClass,
  checkbox: 'mt-0.5 size-5 shrink-0 rounded accent-orange-600',
  alert: 'mb-5 flex items-start gap-2 rounded-xl border px-3 py-2.5 text-sm',
  panel: 'rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300',
  codeField: '',
};
