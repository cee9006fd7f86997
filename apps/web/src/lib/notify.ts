import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

/** SPEC.md §9: toasts stay 3000 ms (kanban cards pass 2000). Show them after the call completes. */
export const TOAST_DURATION_MS = 3000;

interface ToastOptions {
  title?: string;
  autoClose?: number;
}

function show(color: string, message: string, options: ToastOptions) {
  notifications.show({
    color,
    message,
    title: options.title,
    autoClose: options.autoClose ?? TOAST_DURATION_MS,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.closeNotification') },
  });
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
