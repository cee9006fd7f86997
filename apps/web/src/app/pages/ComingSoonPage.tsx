import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconTools } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { upcomingAreaAt } from '../shell/areas';

/** The page of every area that is listed in the navigation but not built yet. */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const name = upcomingAreaAt(pathname)?.label ?? 'Coming soon';
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
        <Text c="dimmed">
          {name} is on its way: we are still building this part of Ledgerdesk. Check back soon.
        </Text>
        <Button component={Link} to="/" mt="sm" leftSection={<IconHome size={18} aria-hidden="true" />}>
          Back to dashboard
        </Button>
      </Stack>
    </Center>
  );
}

export { ComingSoonPage as Component };
