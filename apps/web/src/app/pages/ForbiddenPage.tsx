import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** A page the signed-in user has no permission for (shown by the shell's permission check). */
export function ForbiddenPage() {
  usePageTitle('No permission');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <Text fz={64} fw={800} c="red.2" lh={1} aria-hidden="true">
          403
        </Text>
        <Title order={1} fz="h2">
          You do not have permission to view this page
        </Title>
        <Text c="dimmed">Ask an administrator to add you to a group that may use it.</Text>
        <Button component={Link} to="/" mt="sm" leftSection={<IconHome size={18} aria-hidden="true" />}>
          Back to dashboard
        </Button>
      </Stack>
    </Center>
  );
}
