import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../test/render';
import { SocialButtons } from './SocialButtons';

const answer = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('SocialButtons', () => {
  it('shows one button per configured provider, leading to its start with the page to come back to', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer([
        { id: 'acme', label: 'Acme ID' },
        { id: 'corp', label: 'Corp SSO' },
      ]),
    );
    await renderInApp(<SocialButtons />, { url: '/login?next=/apps/tasks', namespaces: ['auth/social'] });
    const acme = await screen.findByRole('link', { name: 'Sign in with Acme ID' });
    expect(acme.getAttribute('href')).toBe('/api/auth/oidc/acme/start?next=%2Fapps%2Ftasks');
    expect(screen.getByRole('link', { name: 'Sign in with Corp SSO' }).getAttribute('href')).toBe(
      '/api/auth/oidc/corp/start?next=%2Fapps%2Ftasks',
    );
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/auth/oidc/providers');
  });

  it('shows nothing when no provider is configured', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer([]));
    await renderInApp(<SocialButtons />, { url: '/login', namespaces: ['auth/social'] });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});
