import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { lazyRoute } from '../components/lazy-route';
import { RouteError } from '../components/RouteError';
import { setUnauthorizedHandler } from '../lib/api';
import type { RouteHandle } from '../lib/route-handle';
import { loginUrlFor, safeNextPath } from '../lib/safe-redirect';
import { getSession } from '../lib/session';
import { resourceRoutes } from '../resources/routes';
import { upcomingAreas } from './shell/areas';
import { areaDashboards } from './shell/dashboards';

/** Pages inside the shell need a session; without one, sign in first and come back. */
function requireSession({ request }: LoaderFunctionArgs) {
  if (!getSession()) {
    const url = new URL(request.url);
    throw redirect(loginUrlFor(url.pathname + url.search));
  }
  return null;
}

/** Already signed in: the login page (and sign-up, forgot password) has nothing to do, go where `next` points. */
function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  if (getSession()) throw redirect(safeNextPath(new URL(request.url).searchParams.get('next')));
  return null;
}

const errorElement = <RouteError />;

/** The route handle of a page that needs `permission` (checked by the shell's PermissionGate). */
const needs = (permission: NonNullable<RouteHandle['permission']>): RouteHandle => ({ permission });

export const router = createBrowserRouter([
  {
    id: 'root',
    errorElement,
    hydrateFallbackElement: <FullScreenLoader />,
    children: [
      {
        path: '/login',
        loader: redirectIfSignedIn,
        errorElement,
        lazy: lazyRoute(() => import('../features/auth/LoginPage')),
      },
      {
        path: '/signup',
        loader: redirectIfSignedIn,
        errorElement,
        lazy: lazyRoute(() => import('../features/auth/SignupPage')),
      },
      {
        path: '/forgot-password',
        loader: redirectIfSignedIn,
        errorElement,
        lazy: lazyRoute(() => import('../features/auth/ForgotPasswordPage')),
      },
      {
        // Open with or without a session: the link comes from a mail, often in a new tab.
        path: '/reset-password',
        errorElement,
        lazy: lazyRoute(() => import('../features/auth/ResetPasswordPage')),
      },
      {
        // Open with or without a session, as the reset link.
        path: '/verify-email',
        errorElement,
        lazy: lazyRoute(() => import('../features/auth/VerifyEmailPage')),
      },
      {
        path: '/',
        id: 'app',
        loader: requireSession,
        errorElement,
        lazy: lazyRoute(() => import('./shell/AppLayout')),
        children: [
          {
            index: true,
            errorElement,
            lazy: lazyRoute(() => import('../features/dashboard/DashboardPage')),
          },
          // The area dashboards: one page each from the same view, for those who may view the area.
          ...areaDashboards.map(({ name, permission }) => ({
            path: `dashboards/${name}`,
            handle: needs(permission),
            errorElement,
            lazy: lazyRoute(() =>
              import('../features/dashboard/DashboardPage').then((module) => ({
                Component: module.dashboardPages[name],
              })),
            ),
          })),
          {
            path: 'profile',
            errorElement,
            lazy: lazyRoute(() => import('../features/profile/ProfilePage')),
          },
          {
            path: 'admin/users',
            handle: needs('users.view'),
            errorElement,
            lazy: lazyRoute(() => import('../features/users/UsersPage')),
          },
          {
            path: 'admin/groups',
            handle: needs('groups.view'),
            errorElement,
            lazy: lazyRoute(() => import('../features/groups/GroupsPage')),
          },
          {
            path: 'admin/audit',
            handle: needs('audit.view'),
            errorElement,
            lazy: lazyRoute(() => import('../features/audit/AuditPage')),
          },
          {
            path: 'library',
            handle: needs('library.view'),
            errorElement,
            lazy: lazyRoute(() => import('../features/library/LibraryPage')),
          },
          // One list page per level of the code library, for bulk work.
          ...([1, 2, 3, 4] as const).map((level) => ({
            path: `library/l${level}`,
            handle: needs('library.view'),
            errorElement,
            lazy: lazyRoute(() =>
              import('../features/library/LevelListPage').then((module) => ({
                Component: module.levelListPages[level],
              })),
            ),
          })),
          {
            path: 'library/import',
            handle: needs('library.view'),
            errorElement,
            lazy: lazyRoute(() => import('../features/library/ImportPage')),
          },
          // Areas on the resource engine: list, new, detail and edit pages from one definition each.
          ...resourceRoutes({
            path: 'apps/tasks',
            area: 'tasks',
            load: () => import('../features/tasks/resource'),
          }),
          // CRM: four lists and the deal pipeline board, with tabs between them; /apps/crm opens the first.
          {
            path: 'apps/crm',
            handle: needs('crm.view'),
            errorElement,
            loader: () => redirect('/apps/crm/contacts'),
          },
          ...resourceRoutes({
            path: 'apps/crm/contacts',
            area: 'crm',
            load: () => import('../features/crm/contacts/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/crm/companies',
            area: 'crm',
            load: () => import('../features/crm/companies/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/crm/leads',
            area: 'crm',
            load: () => import('../features/crm/leads/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/crm/deals',
            area: 'crm',
            load: () => import('../features/crm/deals/resource'),
          }),
          {
            path: 'apps/crm/pipeline',
            handle: needs('crm.view'),
            errorElement,
            lazy: lazyRoute(() => import('../features/crm/pipeline/PipelinePage')),
          },
          ...resourceRoutes({
            path: 'apps/tickets',
            area: 'tickets',
            load: () => import('../features/tickets/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/invoices',
            area: 'invoices',
            load: () => import('../features/invoices/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/projects',
            area: 'projects',
            load: () => import('../features/projects/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/todo',
            area: 'todos',
            load: () => import('../features/todo/resource'),
          }),
          ...resourceRoutes({ path: 'team', area: 'team', load: () => import('../features/team/resource') }),
          // E-commerce: products, orders, customers and sellers with tabs between them, and the cart;
          // /apps/ecommerce opens the products.
          {
            path: 'apps/ecommerce',
            handle: needs('ecommerce.view'),
            errorElement,
            loader: () => redirect('/apps/ecommerce/products'),
          },
          ...resourceRoutes({
            path: 'apps/ecommerce/products',
            area: 'ecommerce',
            load: () => import('../features/ecommerce/products/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/ecommerce/orders',
            area: 'ecommerce',
            load: () => import('../features/ecommerce/orders/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/ecommerce/customers',
            area: 'ecommerce',
            load: () => import('../features/ecommerce/customers/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/ecommerce/sellers',
            area: 'ecommerce',
            load: () => import('../features/ecommerce/sellers/resource'),
          }),
          {
            path: 'apps/ecommerce/cart',
            handle: needs('ecommerce.manage'),
            errorElement,
            lazy: lazyRoute(() => import('../features/ecommerce/cart/CartPage')),
          },
          {
            path: 'apps/ecommerce/checkout',
            handle: needs('ecommerce.manage'),
            errorElement,
            lazy: lazyRoute(() => import('../features/ecommerce/cart/CheckoutPage')),
          },
          ...resourceRoutes({
            path: 'apps/jobs',
            area: 'jobs',
            load: () => import('../features/jobs/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/candidates',
            area: 'jobs',
            load: () => import('../features/jobs/candidates/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/job-companies',
            area: 'jobs',
            load: () => import('../features/jobs/companies/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/applications',
            area: 'jobs',
            load: () => import('../features/jobs/applications/resource'),
          }),
          ...resourceRoutes({
            path: 'apps/api-keys',
            area: 'apiKeys',
            load: () => import('../features/api-keys/resource'),
          }),
          // Areas not built yet: one shared "coming soon" page, so their menu entries never break.
          ...upcomingAreas.map((area) => ({
            path: area.path,
            handle: area.permission ? needs(area.permission) : undefined,
            errorElement,
            lazy: lazyRoute(() => import('./pages/ComingSoonPage')),
          })),
          {
            path: '*',
            errorElement,
            lazy: lazyRoute(() => import('./pages/NotFoundPage')),
          },
        ],
      },
    ],
  },
]);

/**
 * A call answered 401 (the session has ended; lib/api has cleared it, and with it the query cache):
 * sign in again, then come back here.
 */
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate(loginUrlFor(pathname + search), { replace: true });
});
