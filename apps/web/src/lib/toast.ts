import { toast } from 'sonner';

/** Seed 000 §9: success toasts stay 2 s, error toasts 4 s. */
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;

export function toastSuccess(message: string): void {
  toast.success(message, { duration: TOAST_SUCCESS_MS });
}

export function toastError(message: string): void {
  toast.error(message, { duration: TOAST_ERROR_MS });
}
