import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/page-title';

function reload() {
  window.location.reload();
}

/**
 * A part of the app whose code did not arrive (network failure, a new deployment removed the old
 * files, or over the time limit of SPEC.md §9). A reload fetches the current files.
 */
export function ChunkLoadFailed({ reason }: { reason: 'failed' | 'timeout' }) {
  const { t } = useTranslation();
  // The English defaults are for when the catalogue did not arrive either: this page's own case.
  usePageTitle(t('chunkFailed.pageTitle', { defaultValue: 'Not loaded' }));
  return (
    <Center mih="70vh" p="lg">
      <Stack align="center" gap="md" maw={560} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="orange">
          <IconWifiOff size={30} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('chunkFailed.title', { defaultValue: 'This part of Ledgerdesk could not be loaded' })}
        </Title>
        <Text c="dimmed">
          {reason === 'timeout'
            ? t('chunkFailed.timeout', {
                defaultValue: 'It did not arrive within two minutes. Reload the page.',
              })
            : t('chunkFailed.failed', {
                defaultValue: 'The connection dropped, or Ledgerdesk was updated. Reload the page.',
              })}
        </Text>
        <Group justify="center" gap="sm">
          <Button leftSection={<IconRefresh size={18} aria-hidden="true" />} onClick={reload}>
            {t('actions.reload', { defaultValue: 'Reload' })}
          </Button>
          {/* A full page load: the router may hold the failed part until then. */}
          <Button
            component="a"
            href="/"
            variant="default"
            leftSection={<IconHome size={18} aria-hidden="true" />}
          >
            {t('actions.backToDashboard', { defaultValue: 'Back to dashboard' })}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
