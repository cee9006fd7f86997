import type { HeatmapWidget } from '@ledgerdesk/contracts';
import { formatFigure } from '../../lib/format';
import { decoration, labelStep, textWidth } from './axes';
import { markProps, type Plot, tipHandlers } from './ChartFrame';
import type { ChartStyle } from './chart-style';
import type { ChartWords } from './chart-words';

/** A colour between two (#rrggbb), `share` of the way from the first. */
export function mix(from: string, to: string, share: number): string {
  const channel = (hex: string, at: number) => Number.parseInt(hex.slice(1 + at * 2, 3 + at * 2), 16);
  const parts = [0, 1, 2].map((at) =>
    Math.round(channel(from, at) + (channel(to, at) - channel(from, at)) * share)
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${parts.join('')}`;
}

/** The busiest cell's value (at least 1, so an empty week still has a scale). */
export const heatmapHighest = (widget: HeatmapWidget) => Math.max(1, ...widget.values.flat());

interface Props {
  widget: HeatmapWidget;
  style: ChartStyle;
  words: ChartWords;
  plot: Plot;
}

/** Days (Monday first) down, the hours across, each cell coloured on the theme's scale. */
export function HeatmapChart({ widget, style, words, plot }: Props) {
  const { width, height } = plot;
  const highest = heatmapHighest(widget);
  const hours = widget.hours.map((hour) => words.hour(hour));
  const x0 = Math.max(...words.days.map(textWidth)) + 12;
  const y1 = height - 22;
  const cellWidth = (width - x0) / Math.max(1, widget.hours.length);
  const cellHeight = y1 / 7;
  const step = labelStep(hours, cellWidth);
  return (
    <>
      <g {...decoration}>
        {words.days.map((day, row) => (
          <text
            key={day}
            x={x0 - 8}
            y={(row + 0.5) * cellHeight}
            dy="0.32em"
            textAnchor="end"
            fill={style.dimmed}
          >
            {day}
          </text>
        ))}
        {hours.map((hour, column) =>
          column % step === 0 ? (
            <text
              key={hour}
              x={x0 + (column + 0.5) * cellWidth}
              y={y1 + 16}
              textAnchor="middle"
              fill={style.dimmed}
            >
              {hour}
            </text>
          ) : null,
        )}
      </g>
      {widget.values.map((values, row) =>
        values.map((value, column) => {
          const x = x0 + column * cellWidth;
          const y = row * cellHeight;
          const name = `${words.days[row]} ${hours[column]}`;
          return (
            <rect
              key={name}
              x={x + 1}
              y={y + 1}
              width={Math.max(1, cellWidth - 2)}
              height={Math.max(1, cellHeight - 2)}
              rx={3}
              fill={mix(style.heat[0], style.heat[1], value / highest)}
              {...markProps(`${name}: ${formatFigure(value, widget.unit)}`, row === 0 && column === 0)}
              {...tipHandlers(plot, {
                x: x + cellWidth,
                y,
                lines: [{ name, value: formatFigure(value, widget.unit) }],
              })}
            />
          );
        }),
      )}
    </>
  );
}
