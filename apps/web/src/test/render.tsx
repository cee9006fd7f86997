import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';
import { i18n } from '../i18n';
import type { RouteHandle } from '../lib/route-handle';

/**
 * Renders `ui` as the app would: the theme, English catalogues (`common` and `namespaces`, loaded
 * before the first render), a query client that does not retry, and a router at `url` (the element
 * sits at `path`, "*" by default, with the route `handle` given). Returns the router (to read the URL) and a user-event session.
 */
export async function renderInApp(
  ui: ReactElement,
  options: { url?: string; path?: string; namespaces?: string[]; handle?: RouteHandle } = {},
) {
  const { url = '/', path = '*', namespaces = [], handle } = options;
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['common', ...namespaces]);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: ui, handle }], { initialEntries: [url] });
  const user = userEvent.setup();
  const view = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, queryClient, user };
}
