import { Button, Group, Text } from '@mantine/core';

/** A toast's message with a button beside it (Undo). */
export function ToastWithAction({
  message,
  label,
  onClick,
}: {
  message: string;
  label: string;
  onClick: () => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button size="compact-sm" variant="light" onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}
