import { createBrowserRouter, type LoaderFunctionArgs, redirect } from 'react-router';
import { FullScreenLoader } from '../components/FullScreenLoader';
import { lazyRoute, loadWithTimeout } from '../components/lazy-route';
import { RouteError } from '../components/RouteError';
import { setUnauthorizedHandler } from '../lib/api';
import type { RouteHandle } from '../lib/route-handle';
import { loginUrlFor, safeNextPath } from '../lib/safe-redirect';
import { getSession } from '../lib/session';

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

export const router = createBrowserRouter(
  [
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
          // The second step of a sign-in: the ticket comes in the navigation's state.
          path: '/auth/two-step',
          errorElement,
          lazy: lazyRoute(() => import('../features/auth/TwoStepPage')),
        },
        {
          // Open with or without a session, as the reset link.
          path: '/verify-email',
          errorElement,
          lazy: lazyRoute(() => import('../features/auth/VerifyEmailPage')),
        },
        {
          // Back from a sign-in provider (social sign-in): open with or without a session, as linking
          // from the profile ends on the error page too when it fails.
          path: '/auth/social',
          errorElement,
          children: [
            { path: 'callback', lazy: lazyRoute(() => import('../features/auth/social/SocialCallbackPage')) },
            { path: 'link', lazy: lazyRoute(() => import('../features/auth/social/SocialLinkPage')) },
            { path: 'error', lazy: lazyRoute(() => import('../features/auth/social/SocialErrorPage')) },
          ],
        },
        {
          // Pathless and without children here: until the shell's pages have arrived no address matches
          // it, so the router asks for them (patchRoutesOnNavigation below) and the login page does not
          // load the route table and its icons. (No "*" before they arrive: the router would settle for it.)
          id: 'app',
          loader: requireSession,
          errorElement,
          lazy: lazyRoute(() => import('./shell/AppLayout')),
          handle: { crumbs: [{ label: 'common:crumbs.dashboard', to: '/' }] } satisfies RouteHandle,
        },
      ],
    },
  ],
  {
    // Where the app is served: "/" (vite's `base`), or the demo build's DEMO_BASE ("/ledgerdesk/").
    basename: import.meta.env.BASE_URL,
    // Also called for the addresses the "*" (not-found) route matches: patching the same routes again
    // is a no-op (the router skips the routes it already has).
    // The route table is a chunk like a page's: when it cannot be loaded (a deployment removed it,
    // the network failed) the error page says so and offers a reload, as for any page.
    async patchRoutesOnNavigation({ patch }) {
      const { shellRoutes } = await loadWithTimeout(() => import('./routes'));
      patch('app', shellRoutes);
    },
  },
);

/**
 * A call answered 401 (the session has ended; lib/api has cleared it, and with it the query cache):
 * sign in again, then come back here.
 */
setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  if (pathname === '/login') return;
  void router.navigate(loginUrlFor(pathname + search), { replace: true });
});
