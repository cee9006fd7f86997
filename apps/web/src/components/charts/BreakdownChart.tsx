import type { BreakdownWidget } from '@ledgerdesk/contracts';
import { formatFigure } from '../../lib/format';
import { decoration, textWidth, tickLabels, ValueGrid } from './axes';
import { markProps, type Plot, tipHandlers } from './ChartFrame';
import type { ChartStyle } from './chart-style';
import type { ChartWords } from './chart-words';
import { niceTicks, wholeUnit } from './ticks';

type Item = BreakdownWidget['items'][number];

interface Props {
  widget: BreakdownWidget;
  style: ChartStyle;
  words: ChartWords;
  plot: Plot;
  /** Opens an item's link (items with an `href`). */
  open?: (href: string) => void;
  /** How a value reads (default: in the widget's unit; the file manager's bytes read "1.4 MB"). */
  formatValue?: (value: number, options: { compact: boolean }) => string;
}

/** The longest name a bar's label shows, in pixels; longer ones are cut with an ellipsis. */
const NAME_WIDTH = 120;
const BAR_MAX = 22;

function truncate(text: string, room: number): string {
  if (textWidth(text) <= room) return text;
  let fits = text.length - 1;
  while (fits > 1 && textWidth(`${text.slice(0, fits)}…`) > room) fits--;
  return `${text.slice(0, fits)}…`;
}

/** A donut slice from angle `from` to `to` (radians, clockwise from noon). */
function slice(cx: number, cy: number, inner: number, outer: number, from: number, to: number): string {
  // A whole turn is drawn as two halves (an arc cannot end where it starts).
  if (to - from >= Math.PI * 2 - 1e-9) {
    const half = from + Math.PI;
    return `${slice(cx, cy, inner, outer, from, half)} ${slice(cx, cy, inner, outer, half, to)}`;
  }
  const point = (radius: number, angle: number) =>
    `${cx + radius * Math.sin(angle)},${cy - radius * Math.cos(angle)}`;
  const large = to - from > Math.PI ? 1 : 0;
  return [
    `M${point(outer, from)}`,
    `A${outer},${outer} 0 ${large} 1 ${point(outer, to)}`,
    `L${point(inner, to)}`,
    `A${inner},${inner} 0 ${large} 0 ${point(inner, from)}`,
    'Z',
  ].join(' ');
}

/** Parts of a whole (donut), a ranking (a bar per item, longest first as given) or a funnel. */
export function BreakdownChart({ widget, style, words, plot, open, formatValue }: Props) {
  const { width, height } = plot;
  const colour = (index: number) => style.palette[index % style.palette.length] ?? style.text;
  const format =
    formatValue ??
    ((value: number, options: { compact: boolean }) => formatFigure(value, widget.unit, options));
  const figure = (value: number) => format(value, { compact: false });
  const mark = (item: Item, index: number, x: number, y: number) => {
    const name = words.item(item);
    const href = item.href;
    return {
      ...markProps(
        `${name}: ${figure(item.value)}`,
        index === 0,
        href && open ? () => open(href) : undefined,
      ),
      ...tipHandlers(plot, { x, y, lines: [{ colour: colour(index), name, value: figure(item.value) }] }),
      'data-item': item.key,
    };
  };

  if (widget.chart === 'bar') {
    const names = widget.items.map((item) => truncate(words.item(item), NAME_WIDTH));
    const ticks = niceTicks(
      Math.min(0, ...widget.items.map((item) => item.value)),
      Math.max(0, ...widget.items.map((item) => item.value)),
      { whole: wholeUnit(widget.unit) },
    );
    const labels = tickLabels(ticks, widget.unit);
    const x0 = Math.min(NAME_WIDTH, Math.max(...names.map(textWidth))) + 10;
    const x1 = width - Math.max(16, labels.width / 2 + 4);
    const y0 = 4;
    const y1 = height - 22;
    const band = (y1 - y0) / Math.max(1, widget.items.length);
    const barHeight = Math.min(BAR_MAX, band * 0.7);
    const xOf = (value: number) => x0 + ((value - ticks.min) / (ticks.max - ticks.min)) * (x1 - x0);
    return (
      <>
        <ValueGrid
          ticks={ticks}
          labels={labels.labels}
          at={xOf}
          from={y0}
          to={y1}
          style={style}
          side="bottom"
        />
        <line {...decoration} x1={xOf(0)} x2={xOf(0)} y1={y0} y2={y1} stroke={style.axis} />
        {widget.items.map((item, index) => {
          const middle = y0 + (index + 0.5) * band;
          const from = xOf(Math.min(0, item.value));
          const to = xOf(Math.max(0, item.value));
          return (
            <g key={item.key}>
              <text {...decoration} x={x0 - 8} y={middle} dy="0.32em" textAnchor="end" fill={style.dimmed}>
                {names[index]}
              </text>
              <rect
                x={from}
                y={middle - barHeight / 2}
                width={Math.max(item.value === 0 ? 0 : 1, to - from)}
                height={barHeight}
                rx={3}
                fill={colour(index)}
                {...mark(item, index, to, middle - barHeight / 2)}
              />
            </g>
          );
        })}
      </>
    );
  }

  if (widget.chart === 'funnel') {
    // Each stage as wide as its share of the widest, narrowing to the next stage.
    const highest = Math.max(1, ...widget.items.map((item) => Math.abs(item.value)));
    const left = width * 0.08;
    const room = width * 0.84;
    const gap = 2;
    const stage = (height - 16 - gap * (widget.items.length - 1)) / Math.max(1, widget.items.length);
    const widthOf = (item: Item | undefined) => (item ? (Math.abs(item.value) / highest) * room : 0);
    return (
      <>
        {widget.items.map((item, index) => {
          const top = widthOf(item);
          const bottom = index + 1 < widget.items.length ? widthOf(widget.items[index + 1]) : top * 0.6;
          const y = 8 + index * (stage + gap);
          const middle = left + room / 2;
          const points = [
            [middle - top / 2, y],
            [middle + top / 2, y],
            [middle + bottom / 2, y + stage],
            [middle - bottom / 2, y + stage],
          ];
          return (
            <g key={item.key}>
              <polygon
                points={points.map((point) => point.join(',')).join(' ')}
                fill={colour(index)}
                {...mark(item, index, middle + top / 2, y)}
              />
              {stage >= 14 ? (
                <text
                  {...decoration}
                  x={middle}
                  y={y + stage / 2}
                  dy="0.32em"
                  textAnchor="middle"
                  fill="#fff"
                  fontWeight={600}
                  style={{ pointerEvents: 'none' }}
                >
                  {format(item.value, { compact: true })}
                </text>
              ) : null}
            </g>
          );
        })}
      </>
    );
  }

  // A donut: slices clockwise from noon, the total in the middle.
  const total = widget.items.reduce((sum, item) => sum + Math.max(0, item.value), 0);
  const cx = width / 2;
  const cy = height / 2;
  const outer = (Math.min(width, height) / 2) * 0.85;
  const inner = outer * 0.66;
  let angle = 0;
  return (
    <>
      {widget.items.map((item, index) => {
        const share = total > 0 ? Math.max(0, item.value) / total : 0;
        const from = angle;
        angle += share * Math.PI * 2;
        if (share === 0) return null;
        const middle = (from + angle) / 2;
        return (
          <path
            key={item.key}
            d={slice(cx, cy, inner, outer, from, angle)}
            fill={colour(index)}
            stroke={style.surface}
            strokeWidth={2}
            strokeLinejoin="round"
            {...mark(item, index, cx + outer * Math.sin(middle), cy - outer * Math.cos(middle))}
          />
        );
      })}
      <text
        {...decoration}
        x={cx}
        y={cy}
        dy="0.32em"
        textAnchor="middle"
        fill={style.text}
        fontSize={Math.max(12, Math.min(20, inner / 3.5))}
        fontWeight={700}
      >
        {format(total, { compact: true })}
      </text>
    </>
  );
}
