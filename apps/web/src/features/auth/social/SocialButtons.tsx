import type { OidcProvider } from '@ledgerdesk/contracts';
import { Button, Divider, Stack } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { fetchProviders, startUrl } from './api';

/**
 * "Sign in with <provider>" for each configured provider, under the login form; nothing when none
 * is configured (or the list cannot be read: the password form still works). Its words are fetched
 * only when there is a provider, and never hold the login page up (its own Suspense).
 */
export function SocialButtons() {
  const [providers, setProviders] = useState<OidcProvider[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchProviders(controller.signal).then(
      // Anything but a list (a proxy's page, an old server) is no provider: the password form stays.
      (answer) => setProviders(Array.isArray(answer) ? answer : []),
      () => setProviders([]),
    );
    return () => controller.abort();
  }, []);
  if (providers.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons providers={providers} />
    </Suspense>
  );
}

/** Each a plain link: the server sends the browser on to the provider. */
function ProviderButtons({ providers }: { providers: OidcProvider[] }) {
  const { t } = useTranslation('auth/social');
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  return (
    <Stack gap="sm">
      <Divider label={t('buttons.or')} labelPosition="center" />
      {providers.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={startUrl(provider.id, next)}
          variant="default"
          fullWidth
          leftSection={<IconLogin2 size={18} aria-hidden="true" />}
        >
          {t('buttons.signInWith', { provider: provider.label })}
        </Button>
      ))}
    </Stack>
  );
}
