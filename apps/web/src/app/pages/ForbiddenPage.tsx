import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** A page the signed-in user has no permission for (shown by the shell's permission check). */
export function ForbiddenPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('forbidden.pageTitle'));
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <Text fz={64} fw={800} c="red.2" lh={1} aria-hidden="true">
          403
        </Text>
        <Title order={1} fz="h2">
          {t('forbidden.title')}
        </Title>
        <Text c="dimmed">{t('forbidden.text')}</Text>
        <Button component={Link} to="/" mt="sm" leftSection={<IconHome size={18} aria-hidden="true" />}>
          {t('common:actions.backToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}
