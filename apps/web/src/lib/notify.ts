import { createElement, type ReactNode } from 'react';
import { i18n } from '../i18n';
import { ToastWithAction } from './toast-action';

/** SPEC.md §9: toasts stay 3000 ms (kanban cards pass 2000). Show them after the call completes. */
export const TOAST_DURATION_MS = 3000;

interface ToastOptions {
  title?: string;
  autoClose?: number;
  /** A button in the toast (Undo): a click runs `onClick` and closes the toast. */
  action?: { label: string; onClick: () => void };
}

/** The message with the action's button beside it; a click closes the toast. */
function withAction(
  message: string,
  action: NonNullable<ToastOptions['action']>,
  close: () => void,
): ReactNode {
  return createElement(ToastWithAction, {
    message,
    label: action.label,
    onClick: () => {
      close();
      action.onClick();
    },
  });
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
    ({ notifications }) => {
      const id = notifications.show({
        color,
        message: options.action ? withAction(message, options.action, () => notifications.hide(id)) : message,
        title: options.title,
        autoClose: options.autoClose ?? TOAST_DURATION_MS,
        closeButtonProps: { 'aria-label': i18n.t('common:actions.closeNotification') },
      });
    },
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
