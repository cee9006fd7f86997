import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime, formatRelative } from '../../lib/format';
import { describeDevice } from './user-agent';

const MOBILE = /Mobile|Android|iPhone|iPad/;

/** When something was last done on the device: relative, the exact time on hover. */
export function LastTime({ at }: { at: string }) {
  return (
    <Tooltip label={formatDateTime(at)} withArrow>
      <time dateTime={at}>{formatRelative(at)}</time>
    </Tooltip>
  );
}

/**
 * A device in a list of them (the profile's sessions, the remembered browsers): its icon and name
 * read from the User-Agent, a line of details, and the action on it (given the device's name, for
 * the button's label).
 */
export function DeviceRow({
  userAgent,
  divided,
  badge,
  details,
  action,
}: {
  userAgent: string;
  divided: boolean;
  badge?: ReactNode;
  details: ReactNode;
  action: (device: string) => ReactNode;
}) {
  const Icon = MOBILE.test(userAgent) ? IconDeviceMobile : IconDeviceDesktop;
  const device = describeDevice(userAgent);
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      py="sm"
      component="li"
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Icon
          size={28}
          stroke={1.5}
          aria-hidden="true"
          color="var(--mantine-color-dimmed)"
          style={{ flexShrink: 0 }}
        />
        <Stack gap={2} miw={0}>
          <Group gap={8}>
            <Text size="sm" fw={600}>
              {device}
            </Text>
            {badge}
          </Group>
          <Text size="xs" c="dimmed">
            {details}
          </Text>
        </Stack>
      </Group>
      {action(device)}
    </Group>
  );
}
