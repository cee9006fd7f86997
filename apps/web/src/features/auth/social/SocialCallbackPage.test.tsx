import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../lib/session';
import { renderInApp } from '../../../test/render';
import { SocialCallbackPage } from './SocialCallbackPage';

const user = {
  id: '00000000-0000-4000-8000-000000000002',
  username: 'sam',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Social',
  role: 'user',
  groups: [],
  permissions: [],
};

afterEach(() => {
  vi.restoreAllMocks();
  clearSession();
});

describe('SocialCallbackPage', () => {
  it('exchanges the code once and navigates once, though the page renders again on the way', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(JSON.stringify({ session: { ...user, accessToken: 'token-social' } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    window.history.replaceState(null, '', '/auth/social/callback#code=one-time-code&next=%2Fprofile');
    // The page stays on screen whatever the address (one route, "*"): each navigation renders it
    // again, as a slow next page would leave it rendering while that page loads.
    const { router } = await renderInApp(<SocialCallbackPage />, {
      url: '/auth/social/callback',
      namespaces: ['auth/social', 'auth'],
    });
    let navigations = 0;
    router.subscribe((state) => {
      if (state.navigation.state === 'idle' && state.location.pathname === '/profile') navigations++;
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    // Let whatever the arrival set off run.
    for (let turn = 0; turn < 5; turn++) await act(() => Promise.resolve());
    expect(navigations).toBe(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(getSession()?.accessToken).toBe('token-social');
    // The code is gone from the address bar.
    expect(window.location.hash).toBe('');
  });
});
