import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CopyTextButton } from './CopyTextButton';

/** Saves the codes as a text file (nothing leaves the browser). */
function download(codes: string[], heading: string) {
  const blob = new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'ledgerdesk-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown once (after an enrolment or a regeneration), to copy or download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        {t('twoStep.codesOnce')}
      </Alert>
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)">
        <List
          aria-label={t('twoStep.codesList')}
          listStyleType="none"
          spacing={4}
          styles={{ root: { columns: 2, columnGap: 'var(--mantine-spacing-xl)' } }}
        >
          {codes.map((code) => (
            <List.Item key={code}>
              <Text ff="monospace" fz="md" fw={600}>
                {code}
              </Text>
            </List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="xs">
        <CopyTextButton value={codes.join('\n')} label={t('twoStep.copyCodes')} />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          onClick={() => download(codes, t('twoStep.codesFileHeading'))}
        >
          {t('twoStep.downloadCodes')}
        </Button>
      </Group>
    </Stack>
  );
}
