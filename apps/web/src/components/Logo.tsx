import { Group, Text } from '@mantine/core';

/** The Ledgerdesk mark (the same drawing as public/favicon.svg). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-blue-7)" />
      <path d="M9 8h4v13h10v3H9z" fill="#fff" />
      <path d="M17 8h6v3h-6zM17 13h6v3h-6z" fill="var(--mantine-color-blue-2)" />
    </svg>
  );
}

/** Mark and product name side by side. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text component="span" fw={700} fz={size >= 36 ? 'xl' : 'lg'} lh={1}>
        Ledgerdesk
      </Text>
    </Group>
  );
}
