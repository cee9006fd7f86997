import type { EventCategory } from '@ledgerdesk/contracts';
import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { Icon } from '../../resources/area';

/**
 * How each category shows: a Mantine colour (the event's fill, the legend's swatch) and an icon,
 * so that a category never rests on its colour alone.
 */
export const categoryStyles: Record<EventCategory, { color: string; icon: Icon }> = {
  success: { color: 'teal', icon: IconCircleCheck },
  info: { color: 'blue', icon: IconInfoCircle },
  warning: { color: 'orange', icon: IconAlertTriangle },
  danger: { color: 'red', icon: IconAlertOctagon },
};

/** The fill of a category's events: the filled shade of its Mantine colour (light and dark). */
export const categoryFill = (category: EventCategory) =>
  `var(--mantine-color-${categoryStyles[category].color}-filled)`;

export function CategoryIcon({ category, size = 14 }: { category: EventCategory; size?: number }) {
  const { icon: CategoryGlyph } = categoryStyles[category];
  return <CategoryGlyph size={size} stroke={2} aria-hidden />;
}
