import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** Any URL inside the app that no route matches. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <Text fz={64} fw={800} c="blue.2" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          Page not found
        </Title>
        <Text c="dimmed">The page you asked for does not exist, or it has moved.</Text>
        <Button component={Link} to="/" mt="sm" leftSection={<IconHome size={18} aria-hidden="true" />}>
          Back to dashboard
        </Button>
      </Stack>
    </Center>
  );
}

export { NotFoundPage as Component };
