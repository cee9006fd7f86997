import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './global.css';

import { MantineProvider } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { colorSchemeManager } from '../lib/layout-boot';
import { subscribeToastHost, toastHostWanted } from '../lib/notify';
import { cssVariablesResolver, theme } from './theme';

// The toast library (store, renderer, transitions, drag handling) is not needed until the first
// toast, so it stays out of the script the login page loads. A failed load only costs the toast.
const noToasts: ComponentType = () => null;
const ToastRenderer = lazy<ComponentType>(() =>
  import('./notifications-host').catch(() => ({ default: noToasts })),
);

/** Renders Mantine's <Notifications /> once the first toast has been asked for (lib/notify.ts). */
function NotificationsHost() {
  const wanted = useSyncExternalStore(subscribeToastHost, toastHostWanted, toastHostWanted);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastRenderer />
    </Suspense>
  ) : null;
}

/** Theme, styles and toasts: everything every page needs. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
    >
      <NotificationsHost />
      {children}
    </MantineProvider>
  );
}
