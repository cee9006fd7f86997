import type { EventCategory } from '@ledgerdesk/contracts';
import { IconAlertOctagon, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { Icon } from '../../resources/area';

/**
 * How each category shows: a Mantine colour (badges), the fill of its events and swatches with the
 * text drawn on it (shades chosen for a contrast of at least 4.5:1, in light and dark), and an icon,
 * so that a category never rests on its colour alone.
 */
export const categoryStyles: Record<
  EventCategory,
  { color: string; fill: string; text: string; icon: Icon }
> = {
  success: { color: 'teal', fill: 'teal-9', text: 'white', icon: IconCircleCheck },
  info: { color: 'blue', fill: 'blue-8', text: 'white', icon: IconInfoCircle },
  warning: { color: 'orange', fill: 'orange-4', text: 'black', icon: IconAlertTriangle },
  danger: { color: 'red', fill: 'red-9', text: 'white', icon: IconAlertOctagon },
};

/** The fill of a category's events and swatches. */
export const categoryFill = (category: EventCategory) =>
  `var(--mantine-color-${categoryStyles[category].fill})`;

/** The colour of the text on that fill. */
export const categoryText = (category: EventCategory) =>
  `var(--mantine-color-${categoryStyles[category].text})`;

export function CategoryIcon({ category, size = 14 }: { category: EventCategory; size?: number }) {
  const { icon: CategoryGlyph } = categoryStyles[category];
  return <CategoryGlyph size={size} stroke={2} aria-hidden />;
}
