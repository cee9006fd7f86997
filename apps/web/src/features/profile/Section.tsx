import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A titled card of the profile page (details, password, sessions, linked accounts…). */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap={2} mb="md">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Card>
  );
}

export function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
      {message}
    </Alert>
  ) : null;
}
