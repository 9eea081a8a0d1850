import { TIMING_MS, TOAST_LIMIT } from '@shared/constants';

type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  /** 'destructive' for errors (docs/design.md, "Error texts": every error toast is destructive). */
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; 5000 unless given. */
  duration?: number;
}

export interface ToastItem extends Required<Pick<ToastOptions, 'title' | 'variant' | 'duration'>> {
  id: string;
  description?: string;
}

export interface ToastHandle {
  id: string;
  dismiss(): void;
}

type Listener = (toasts: readonly ToastItem[]) => void;

let toasts: readonly ToastItem[] = [];
const listeners = new Set<Listener>();
let counter = 0;

function emit(next: readonly ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener(toasts);
}

/**
 * Shows a toast. One is visible at a time (docs/design.md, "Constants"): a new toast replaces the one on screen.
 * It closes itself after 5000 ms (paused while hovered or focused), on its close button, or when swiped 50 px.
 */
export function toast(options: ToastOptions): ToastHandle {
  const id = `toast-${++counter}`;
  const item: ToastItem = {
    id,
    title: options.title,
    description: options.description,
    variant: options.variant ?? 'default',
    duration: options.duration ?? TIMING_MS.toast,
  };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes one toast, or all of them without an id. */
export function dismissToast(id?: string) {
  emit(id === undefined ? [] : toasts.filter((t) => t.id !== id));
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentToasts = () => toasts;
