import { Button, Center, Code, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { i18n } from '../i18n';
import { usePageTitle } from '../lib/page-title';
import { ChunkLoadFailed } from './ChunkLoadFailed';
import { isChunkLoadError } from './lazy-route';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : '';
    return [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(': ');
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return i18n.t('common:routeError.fallback');
}

/** The errorElement of every route (SPEC.md §2): what went wrong, and a way back. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadFailed reason={error.reason} />;
  return <UnexpectedError error={error} />;
}

function UnexpectedError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  // The English defaults are for when the catalogue could not be loaded either.
  usePageTitle(t('routeError.pageTitle', { defaultValue: 'Error' }));
  return (
    <Center mih="70vh" p="lg">
      <Stack align="center" gap="md" maw={560} w="100%" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconAlertTriangle size={30} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('routeError.title', { defaultValue: 'Unexpected Application Error!' })}
        </Title>
        <Code block c="red.9" w="100%" ta="left" style={{ whiteSpace: 'pre-wrap' }}>
          {describe(error)}
        </Code>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden="true" />}>
          {t('actions.backToDashboard', { defaultValue: 'Back to dashboard' })}
        </Button>
      </Stack>
    </Center>
  );
}
