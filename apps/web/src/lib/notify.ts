import { i18n } from '../i18n';

/** SPEC.md §9: toasts stay 3000 ms (kanban cards pass 2000). Show them after the call completes. */
export const TOAST_DURATION_MS = 3000;

interface ToastOptions {
  title?: string;
  autoClose?: number;
}

/**
 * Whether a toast has been asked for: the toast library (its store and its renderer, see
 * app/providers.tsx) is fetched then, not with the first page, which does not need it.
 */
let hostWanted = false;
const hostListeners = new Set<() => void>();

export function toastHostWanted(): boolean {
  return hostWanted;
}

export function subscribeToastHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}

function show(color: string, message: string, options: ToastOptions) {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  import('@mantine/notifications').then(
    ({ notifications }) =>
      notifications.show({
        color,
        message,
        title: options.title,
        autoClose: options.autoClose ?? TOAST_DURATION_MS,
        closeButtonProps: { 'aria-label': i18n.t('common:actions.closeNotification') },
      }),
    // A failed load only costs the toast.
    () => undefined,
  );
}

export function notifySuccess(message: string, options: ToastOptions = {}) {
  show('teal', message, options);
}

export function notifyError(message: string, options: ToastOptions = {}) {
  show('red', message, options);
}

export function notifyInfo(message: string, options: ToastOptions = {}) {
  show('blue', message, options);
}
