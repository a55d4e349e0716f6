/** Seed 000 §9: success toasts stay 2 s, error toasts 4 s. */
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
let hostReady: Promise<void> | undefined;
let requestHost: (() => Promise<void>) | undefined;

/** The toast library loads with the first toast, not with the page (home first-load budget). */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  return sonner;
}

/**
 * ToasterHost registers here: `mount` draws sonner's <Toaster> and resolves once it listens, so
 * a toast raised before the library loaded is still shown, never lost.
 */
export function registerToasterHost(mount: () => Promise<void>): () => void {
  requestHost = mount;
  hostReady = undefined;
  return () => {
    if (requestHost === mount) requestHost = undefined;
    hostReady = undefined;
  };
}

async function show(kind: 'success' | 'error', message: string, duration: number): Promise<void> {
  const { toast } = await loadSonner();
  if (requestHost) {
    hostReady ??= requestHost();
    await hostReady;
  }
  toast[kind](message, { duration });
}

export function toastSuccess(message: string): void {
  void show('success', message, TOAST_SUCCESS_MS);
}

export function toastError(message: string): void {
  void show('error', message, TOAST_ERROR_MS);
}

/** A message with one action that stays until taken or closed (issue 32: "a new version is ready"). */
export function toastAction(message: string, label: string, onClick: () => void): void {
  void (async () => {
    const { toast } = await loadSonner();
    if (requestHost) {
      hostReady ??= requestHost();
      await hostReady;
    }
    toast(message, { duration: Number.POSITIVE_INFINITY, action: { label, onClick } });
  })();
}
