import type { FigureUnit } from '@ledgerdesk/contracts';
import { formatFigure } from '../../lib/format';
import type { ChartStyle } from './chart-style';
import type { Ticks } from './ticks';

/**
 * Spread on what only the eyes need (axes, labels, guides): screen readers have each mark's name.
 * An object rather than the attribute written out: biome's noAriaHiddenOnFocusable takes any svg
 * element for a focusable one.
 */
export const decoration = { 'aria-hidden': true } as const;

let measure: CanvasRenderingContext2D | null | undefined;

/** How wide a label of the charts' 11 px is, measured in the page's font (to size the margins). */
export function textWidth(text: string): number {
  if (measure === undefined) {
    measure = document.createElement('canvas').getContext('2d');
    if (measure) measure.font = `11px ${getComputedStyle(document.body).fontFamily}`;
  }
  // Without a canvas (tests), a wide average.
  return measure ? measure.measureText(text).width : text.length * 7;
}

/** The labels of a value axis, compact ("$12K"), and the widest of them. */
export function tickLabels(ticks: Ticks, unit: FigureUnit) {
  const labels = ticks.values.map((value) => formatFigure(value, unit, { compact: true }));
  return { labels, width: Math.max(...labels.map(textWidth)) };
}

/** Every how many categories a label fits, `room` pixels apart from one to the next. */
export function labelStep(labels: string[], room: number): number {
  const widest = Math.max(0, ...labels.map(textWidth)) + 10;
  return Math.max(1, Math.ceil(widest / Math.max(1, room)));
}

interface ValueGridProps {
  ticks: Ticks;
  labels: string[];
  /** Pixel of a value along the axis. */
  at: (value: number) => number;
  from: number;
  to: number;
  style: ChartStyle;
  /** Labels' side: left of a vertical axis, right of one, or under a horizontal one. */
  side: 'left' | 'right' | 'bottom';
  /** Gridlines drawn (the second axis of a chart has only labels). */
  lines?: boolean;
}

/** A value axis: gridlines across the plot at each tick, and the ticks' labels on one side. */
export function ValueGrid({ ticks, labels, at, from, to, style, side, lines = true }: ValueGridProps) {
  return (
    <g {...decoration}>
      {ticks.values.map((value, index) => {
        const position = at(value);
        const label = labels[index];
        if (side === 'bottom')
          return (
            <g key={value}>
              {lines ? <line x1={position} x2={position} y1={from} y2={to} stroke={style.grid} /> : null}
              <text x={position} y={to + 14} textAnchor="middle" fill={style.dimmed}>
                {label}
              </text>
            </g>
          );
        return (
          <g key={value}>
            {lines ? <line x1={from} x2={to} y1={position} y2={position} stroke={style.grid} /> : null}
            <text
              x={side === 'left' ? from - 6 : to + 6}
              y={position}
              dy="0.32em"
              textAnchor={side === 'left' ? 'end' : 'start'}
              fill={style.dimmed}
            >
              {label}
            </text>
          </g>
        );
      })}
    </g>
  );
}
