import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * Server state (TanStack Query) for the signed-in part of the app. The shell puts it around itself
 * instead of main.tsx doing it for the whole app, so the login page does not load TanStack Query
 * (its budget is 150 KB of script).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
