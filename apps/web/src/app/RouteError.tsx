import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/page-title';
import { isChunkLoadError } from './lazy-route';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' ? error.data : '';
    return [`${error.status} ${error.statusText}`.trim(), detail].filter(Boolean).join(': ');
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong while showing this page.';
}

function reload() {
  window.location.reload();
}

/** The errorElement of every route (SPEC.md §2): what went wrong, and a way back. */
export function RouteError() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  usePageTitle(chunkFailed ? 'Not loaded' : 'Error');

  return (
    <Center mih="70vh" p="lg">
      <Stack align="center" gap="md" maw={560} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={chunkFailed ? 'orange' : 'red'}>
          <IconAlertTriangle size={30} aria-hidden="true" />
        </ThemeIcon>
        {chunkFailed ? (
          <>
            <Title order={1} fz="h2">
              This part of Ledgerdesk could not be loaded
            </Title>
            <Text c="dimmed">
              {error.reason === 'timeout'
                ? 'It did not arrive within two minutes. '
                : 'The connection may have dropped, or Ledgerdesk was updated while this page was open. '}
              Reload the page to try again.
            </Text>
          </>
        ) : (
          <>
            <Title order={1} fz="h2">
              Unexpected Application Error!
            </Title>
            <Code block c="red.8" w="100%" ta="left" style={{ whiteSpace: 'pre-wrap' }}>
              {describe(error)}
            </Code>
          </>
        )}
        <Group justify="center" gap="sm">
          {chunkFailed ? (
            <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={reload}>
              Reload
            </Button>
          ) : null}
          <Button
            component={Link}
            to="/"
            variant={chunkFailed ? 'default' : 'filled'}
            leftSection={<IconHome size={18} aria-hidden="true" />}
          >
            Back to dashboard
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
