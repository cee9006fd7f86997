import { Badge } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './StatusBadge.module.css';

/** A status in its colour, its text dark enough on the tint for WCAG AA in both schemes. */
export function StatusBadge({
  color,
  children,
  leftSection,
}: {
  color: string;
  children: ReactNode;
  leftSection?: ReactNode;
}) {
  return (
    <Badge
      color={color}
      leftSection={leftSection}
      variant="light"
      tt="none"
      className={classes.status}
      style={
        {
          // Shade 9 of yellow and orange is still too light on their tint: darkened a third.
          '--status-strong': `color-mix(in srgb, var(--mantine-color-${color}-9) 65%, black)`,
          '--status-soft': `var(--mantine-color-${color}-2)`,
        } as CSSProperties
      }
    >
      {children}
    </Badge>
  );
}
