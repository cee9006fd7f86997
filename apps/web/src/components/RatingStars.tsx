import { Rating, type RatingProps } from '@mantine/core';

/**
 * A rating to read, not to set: the stars as one image named by `label` (a read-only Rating is a
 * group of symbols that cannot carry a name of its own).
 */
export function RatingStars({
  value,
  label,
  fractions = 2,
  size = 'sm',
}: {
  value: number;
  label: string;
  fractions?: number;
  size?: RatingProps['size'];
}) {
  return (
    <span role="img" aria-label={label} style={{ display: 'inline-flex' }}>
      <Rating value={value} fractions={fractions} readOnly size={size} />
    </span>
  );
}
