import { createContext, type ReactNode, useContext } from 'react';

/**
 * The class names a site dresses the shared components in. The components are the same on both sites;
 * each site keeps its own look (the customer site's `field`/`btn-primary` classes, the merchant site's
 * utility classes) by giving its style once, at its root, through `UiStyleProvider`.
 */
export interface UiStyle {
  /** The input, always. */
  input: string;
  /** Added to the input when it has no error / has one. */
  inputValid: string;
  inputInvalid: string;
  /** The show/hide password button. */
  toggle: string;
  /** Text links (Forgot password?, Terms & Conditions). */
  link: string;
  /** The full-width submit button. */
  button: string;
  /** The terms checkbox. */
  checkbox: string;
  /** The form-level alert box (error and success tones add their colours). */
  alert: string;
  /** A quiet panel inside a form ("Resetting the password for ..."). */
  panel: string;
  /** The one-time-code field's wrapper (letter spacing). */
  codeField: string;
}

/** The customer site's look (its `field` and `btn-primary` classes live in apps/web/src/styles/app.css). */
export const CUSTOMER_UI_STYLE: UiStyle = {
  input: 'field h-11',
  inputValid: '',
  inputInvalid: '',
  toggle:
    'focus-ring grid size-9 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
  link: 'focus-ring rounded font-semibold text-orange-700 underline-offset-2 hover:text-orange-800 hover:underline dark:text-orange-400 dark:hover:text-orange-300',
  button: 'btn-primary h-11 w-full text-[0.9375rem]',
  checkbox:
    'focus-ring mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-orange-600 dark:border-slate-600',
  alert: 'mb-5 flex items-start gap-2 rounded-lg border px-3 py-2.5 text-sm',
  panel: 'rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-300',
  codeField: '[&_input]:tracking-[0.3em]',
};

const UiStyleContext = createContext<UiStyle>(CUSTOMER_UI_STYLE);

export function UiStyleProvider({ style, children }: { style: UiStyle; children: ReactNode }) {
  return <UiStyleContext.Provider value={style}>{children}</UiStyleContext.Provider>;
}

export function useUiStyle(): UiStyle {
  return useContext(UiStyleContext);
}
