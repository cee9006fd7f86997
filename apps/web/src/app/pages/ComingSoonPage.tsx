import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBreadcrumbs } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/page-title';

/** The page of every area that is listed in the navigation but not built yet. */
export function ComingSoonPage() {
  const { t } = useTranslation('shell');
  // The area's name: the last step of its breadcrumbs (from its registration, app/areas.ts).
  const name = useBreadcrumbs().at(-1)?.label ?? t('comingSoon.title');
  usePageTitle(name);
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden="true">
          <IconTools size={34} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {name}
        </Title>
        <Text c="dimmed">{t('comingSoon.text', { name })}</Text>
        <Button component={Link} to="/" mt="sm" leftSection={<IconHome size={18} aria-hidden="true" />}>
          {t('common:actions.backToDashboard')}
        </Button>
      </Stack>
    </Center>
  );
}

export { ComingSoonPage as Component };
