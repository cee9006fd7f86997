import { useId } from 'react';

interface SparklineProps {
  /** The values, oldest first. */
  values: readonly number[];
  /** The line's colour (a CSS colour: a theme variable works). */
  colour: string;
  /** Names the trend for screen readers ("Bitcoin, last 24 hours: up 2.4 %"). */
  label: string;
  width?: number;
  height?: number;
}

/**
 * A small trend line without axes, for a row or a card: the values scaled to the box, a soft area
 * under the line. One image for assistive technology, named by `label` (the figures are beside it).
 */
export function Sparkline({ values, colour, label, width = 120, height = 36 }: SparklineProps) {
  const gradient = useId();
  const pad = 2;
  const low = Math.min(...values);
  const high = Math.max(...values);
  // A flat run (or a single value) draws a line across the middle.
  const span = high - low || 1;
  const xOf = (index: number) =>
    values.length < 2 ? width / 2 : pad + (index / (values.length - 1)) * (width - 2 * pad);
  const yOf = (value: number) =>
    high === low ? height / 2 : pad + (1 - (value - low) / span) * (height - 2 * pad);
  const points = values.map((value, index) => `${xOf(index)},${yOf(value)}`).join(' ');
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      style={{ display: 'block', overflow: 'visible' }}
    >
      {values.length > 1 ? (
        <>
          <defs>
            <linearGradient id={gradient} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" stopColor={colour} stopOpacity={0.25} />
              <stop offset="100%" stopColor={colour} stopOpacity={0} />
            </linearGradient>
          </defs>
          <polygon
            points={`${xOf(0)},${height} ${points} ${xOf(values.length - 1)},${height}`}
            fill={`url(#${gradient})`}
          />
          <polyline
            points={points}
            fill="none"
            stroke={colour}
            strokeWidth={1.75}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </>
      ) : null}
    </svg>
  );
}
