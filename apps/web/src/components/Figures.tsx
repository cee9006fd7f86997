import { Group, Stack, type StackProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A summary of amounts (an order's or an invoice's totals, a cart's lines): a description list, so
 * assistive technology reads each amount with its label. Its rows are FigureRows.
 */
export function Figures({ children, ...props }: StackProps & { children: ReactNode }) {
  return (
    <Stack gap={6} component="dl" m={0} {...props}>
      {children}
    </Stack>
  );
}

/**
 * One line of Figures: the label, and the value right-aligned in tabular figures so amounts line up.
 * A `strong` line (the total) has a rule above it, drawn by the line itself: a list of terms may
 * hold nothing else (a separator element between them is not valid in a <dl>).
 */
export function FigureRow({
  label,
  value,
  strong,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
}) {
  const weight = strong ? 700 : undefined;
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      component="div"
      pt={strong ? 6 : undefined}
      style={strong ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
    >
      <Text component="dt" size="sm" fw={weight}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={weight} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Group>
  );
}
