import { notifications } from '@mantine/notifications';

/** SPEC.md §9: toasts stay 3000 ms (kanban cards pass 2000). Show them after the call completes. */
export const TOAST_DURATION_MS = 3000;

interface ToastOptions {
  title?: string;
  autoClose?: number;
}

export function notifySuccess(message: string, options: ToastOptions = {}) {
  notifications.show({
    color: 'teal',
    message,
    title: options.title,
    autoClose: options.autoClose ?? TOAST_DURATION_MS,
  });
}

export function notifyError(message: string, options: ToastOptions = {}) {
  notifications.show({
    color: 'red',
    message,
    title: options.title,
    autoClose: options.autoClose ?? TOAST_DURATION_MS,
  });
}

export function notifyInfo(message: string, options: ToastOptions = {}) {
  notifications.show({
    color: 'blue',
    message,
    title: options.title,
    autoClose: options.autoClose ?? TOAST_DURATION_MS,
  });
}
