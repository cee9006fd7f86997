import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../lib/session';
import { renderInApp } from '../../test/render';
import { LoginPage } from './LoginPage';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'ada',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Admin',
  role: 'admin',
  groups: [],
  permissions: [],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * The sign-in call answers `body`; no social sign-in provider is configured. The login page's lazy
 * form check is left to the server.
 */
function answerSignIn(body: object) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async (input) => json(String(input).includes('/auth/oidc/providers') ? [] : body));
}

async function signInThroughForm(keep: boolean) {
  const view = await renderInApp(<LoginPage />, { url: '/login?next=%2Freports', namespaces: ['auth'] });
  await view.user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
  await view.user.type(screen.getByLabelText(/^Password/), 'a-password');
  if (keep) await view.user.click(screen.getByLabelText('Keep me signed in'));
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('signing in', () => {
  it('with "keep me signed in", keeps the session in localStorage and goes where `next` says', async () => {
    answerSignIn({ ...user, accessToken: 'token-1' });
    const { router } = await signInThroughForm(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
    expect(getSession()?.accessToken).toBe('token-1');
    expect(localStorage.getItem('ledgerdesk.session')).toContain('token-1');
    expect(sessionStorage.getItem('ledgerdesk.session')).toBeNull();
  });

  it('when a second step is due, opens no session and hands the ticket to the two-step page', async () => {
    answerSignIn({ twoStep: { ticket: 'ticket-1', mode: 'verify' } });
    const { router } = await signInThroughForm(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/two-step'));
    expect(router.state.location.state).toEqual({
      ticket: 'ticket-1',
      mode: 'verify',
      next: '/reports',
      keep: false,
    });
    expect(getSession()).toBeNull();
  });
});
