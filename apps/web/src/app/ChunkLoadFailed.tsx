import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { usePageTitle } from '../lib/page-title';

function reload() {
  window.location.reload();
}

/**
 * A part of the app whose code did not arrive (network failure, a new deployment removed the old
 * files, or over the time limit of SPEC.md §9). A reload fetches the current files.
 */
export function ChunkLoadFailed({ reason }: { reason: 'failed' | 'timeout' }) {
  usePageTitle('Not loaded');
  return (
    <Center mih="70vh" p="lg">
      <Stack align="center" gap="md" maw={560} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconWifiOff size={30} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1} fz="h2">
          This part of Ledgerdesk could not be loaded
        </Title>
        <Text c="dimmed">
          {reason === 'timeout'
            ? 'It did not arrive within two minutes. '
            : 'The connection may have dropped, or Ledgerdesk was updated while this page was open. '}
          Reload the page to try again.
        </Text>
        <Group justify="center" gap="sm">
          <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={reload}>
            Reload
          </Button>
          {/* A full page load: the router may hold the failed part until then. */}
          <Button
            component="a"
            href="/"
            variant="default"
            leftSection={<IconHome size={18} aria-hidden="true" />}
          >
            Back to dashboard
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
