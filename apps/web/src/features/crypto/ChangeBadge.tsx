import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { StatusBadge } from '../../components/StatusBadge';
import { changeColour, directionOf, formatChange } from './format';

const arrows = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconMinus };

/** A change in percent as a badge: its signed figure, an arrow, and the colour of its direction. */
export function ChangeBadge({ percent }: { percent: number | string | null | undefined }) {
  const direction = directionOf(percent);
  const Arrow = arrows[direction];
  return (
    <StatusBadge color={changeColour[direction]} leftSection={<Arrow size={12} aria-hidden />}>
      {formatChange(percent)}
    </StatusBadge>
  );
}
