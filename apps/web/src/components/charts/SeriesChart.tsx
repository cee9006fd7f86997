import type { FigureUnit, SeriesWidget } from '@ledgerdesk/contracts';
import { useState } from 'react';
import { formatBucket, formatFigure } from '../../lib/format';
import { decoration, labelStep, textWidth, tickLabels, ValueGrid } from './axes';
import { markProps, type Plot, type TipLine } from './ChartFrame';
import type { ChartStyle } from './chart-style';
import type { ChartWords } from './chart-words';
import { niceTicks, wholeUnit } from './ticks';

const TOP = 12;
const BOTTOM = 24;
const GAP = 8;
const BAR_MAX = 28;
/** Past this many buckets a line shows no dots (they would touch). */
const DOTS_UP_TO = 31;

/** The lowest and highest a value axis must show: values, or stacked totals below and above zero. */
function extent(series: SeriesWidget['series'], stacked: boolean): [number, number] {
  if (!stacked) {
    const values = series.flatMap((one) => one.values);
    return [Math.min(0, ...values), Math.max(0, ...values)];
  }
  const length = Math.max(0, ...series.map((one) => one.values.length));
  let low = 0;
  let high = 0;
  for (let bucket = 0; bucket < length; bucket++) {
    let below = 0;
    let above = 0;
    for (const one of series) {
      const value = one.values[bucket] ?? 0;
      if (value < 0) below += value;
      else above += value;
    }
    low = Math.min(low, below);
    high = Math.max(high, above);
  }
  return [low, high];
}

interface Props {
  widget: SeriesWidget;
  style: ChartStyle;
  words: ChartWords;
  plot: Plot;
}

/**
 * Lines, areas, bars side by side or stacked, one value per bucket and series. A series in another
 * unit than the widget's (a count beside amounts) is scaled on its own axis, on the right.
 */
export function SeriesChart({ widget, style, words, plot }: Props) {
  const [active, setActive] = useState<number | null>(null);
  const { width, height } = plot;
  const stacked = widget.chart === 'stackedBar';
  const line = widget.chart === 'line' || widget.chart === 'area';
  const otherUnit = widget.series.find((one) => one.unit && one.unit !== widget.unit)?.unit;
  const unitOf = (one: SeriesWidget['series'][number]): FigureUnit => one.unit ?? widget.unit;
  const onRight = (one: SeriesWidget['series'][number]) =>
    otherUnit !== undefined && unitOf(one) === otherUnit;
  const leftSeries = widget.series.filter((one) => !onRight(one));
  const rightSeries = widget.series.filter(onRight);

  const leftTicks = niceTicks(...extent(leftSeries, stacked), { whole: wholeUnit(widget.unit) });
  const left = tickLabels(leftTicks, widget.unit);
  const rightTicks = otherUnit
    ? niceTicks(...extent(rightSeries, stacked), { whole: wholeUnit(otherUnit) })
    : null;
  const right = rightTicks && otherUnit ? tickLabels(rightTicks, otherUnit) : null;

  const labels = widget.buckets.map((start) => formatBucket(start, widget.bucket));
  // A line's first and last labels are centred on the plot's edges: room for their halves.
  const edge = (label: string | undefined) => (line && label ? textWidth(label) / 2 + 2 : 0);
  const x0 = Math.max(left.width + GAP, edge(labels[0]));
  const x1 = width - Math.max(right ? right.width + GAP : GAP, edge(labels[labels.length - 1]));
  const y0 = TOP;
  const y1 = height - BOTTOM;
  const count = widget.buckets.length;
  // Lines run edge to edge; bars sit in bands.
  const band = line ? (x1 - x0) / Math.max(1, count - 1) : (x1 - x0) / Math.max(1, count);
  const xOf = (bucket: number) =>
    line ? (count === 1 ? (x0 + x1) / 2 : x0 + bucket * band) : x0 + (bucket + 0.5) * band;
  const scale = (ticks: typeof leftTicks) => (value: number) =>
    y1 - ((value - ticks.min) / (ticks.max - ticks.min)) * (y1 - y0);
  const yLeft = scale(leftTicks);
  const yRight = rightTicks ? scale(rightTicks) : yLeft;
  const yOf = (one: SeriesWidget['series'][number]) => (onRight(one) ? yRight : yLeft);

  const step = labelStep(labels, band);
  const colour = (index: number) => style.palette[index % style.palette.length] ?? style.text;
  const name = (one: SeriesWidget['series'][number]) => words.series(one.key);
  const figure = (one: SeriesWidget['series'][number], bucket: number) =>
    formatFigure(one.values[bucket] ?? 0, unitOf(one));

  const showBucket = (bucket: number) => {
    setActive(bucket);
    const lines: TipLine[] = widget.series.map((one, index) => ({
      colour: colour(index),
      name: name(one),
      value: figure(one, bucket),
    }));
    plot.show({ x: xOf(bucket), y: y0, heading: labels[bucket], lines });
  };
  const hideBucket = () => {
    setActive(null);
    plot.hide();
  };
  const focusable = (one: SeriesWidget['series'][number], index: number, bucket: number) => ({
    ...markProps(`${labels[bucket]}, ${name(one)}: ${figure(one, bucket)}`, index === 0 && bucket === 0),
    onFocus: () => showBucket(bucket),
    onBlur: hideBucket,
  });

  const marks = (() => {
    if (line)
      return widget.series.map((one, index) => {
        const y = yOf(one);
        const points = one.values.map((value, bucket) => `${xOf(bucket)},${y(value)}`);
        const base = y(Math.max(0, onRight(one) ? (rightTicks?.min ?? 0) : leftTicks.min));
        return (
          <g key={one.key} data-series={one.key}>
            {widget.chart === 'area' && count > 1 ? (
              <polygon
                {...decoration}
                points={`${xOf(0)},${base} ${points.join(' ')} ${xOf(count - 1)},${base}`}
                fill={colour(index)}
                fillOpacity={0.18}
              />
            ) : null}
            <polyline
              {...decoration}
              points={points.join(' ')}
              fill="none"
              stroke={colour(index)}
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
            {one.values.map((value, bucket) => (
              <circle
                key={widget.buckets[bucket]}
                cx={xOf(bucket)}
                cy={y(value)}
                r={active === bucket ? 4.5 : 3}
                fill={style.surface}
                stroke={colour(index)}
                strokeWidth={2}
                strokeOpacity={count <= DOTS_UP_TO || active === bucket ? 1 : 0}
                fillOpacity={count <= DOTS_UP_TO || active === bucket ? 1 : 0}
                {...focusable(one, index, bucket)}
              />
            ))}
          </g>
        );
      });
    // Bars: side by side in the band, or one column of stacked parts.
    const perBand = stacked ? 1 : widget.series.length;
    const barWidth = Math.max(1, Math.min(BAR_MAX, (band * (stacked ? 0.6 : 0.7)) / perBand));
    const below = new Array<number>(count).fill(0);
    const above = new Array<number>(count).fill(0);
    return widget.series.map((one, index) => {
      const y = yOf(one);
      return (
        <g key={one.key} data-series={one.key}>
          {one.values.map((value, bucket) => {
            let from = 0;
            if (stacked) {
              const running = value < 0 ? below : above;
              from = running[bucket] ?? 0;
              running[bucket] = from + value;
            }
            const top = y(Math.max(from, from + value));
            const bottom = y(Math.min(from, from + value));
            const x = xOf(bucket) - (perBand * barWidth) / 2 + (stacked ? 0 : index * barWidth);
            return (
              <rect
                key={widget.buckets[bucket]}
                x={x}
                y={top}
                width={Math.max(1, barWidth - (stacked || perBand === 1 ? 0 : 1))}
                height={Math.max(value === 0 ? 0 : 1, bottom - top)}
                rx={stacked ? 0 : 2}
                fill={colour(index)}
                {...focusable(one, index, bucket)}
              />
            );
          })}
        </g>
      );
    });
  })();

  return (
    <>
      <ValueGrid
        ticks={leftTicks}
        labels={left.labels}
        at={yLeft}
        from={x0}
        to={x1}
        style={style}
        side="left"
      />
      {rightTicks && right ? (
        <ValueGrid
          ticks={rightTicks}
          labels={right.labels}
          at={yRight}
          from={x0}
          to={x1}
          style={style}
          side="right"
          lines={false}
        />
      ) : null}
      <g {...decoration}>
        <line x1={x0} x2={x1} y1={yLeft(0)} y2={yLeft(0)} stroke={style.axis} />
        {labels.map((label, bucket) =>
          bucket % step === 0 ? (
            <text
              key={widget.buckets[bucket]}
              x={xOf(bucket)}
              y={y1 + 16}
              textAnchor="middle"
              fill={style.dimmed}
            >
              {label}
            </text>
          ) : null,
        )}
        {active !== null && line ? (
          <line x1={xOf(active)} x2={xOf(active)} y1={y0} y2={y1} stroke={style.axis} strokeDasharray="3 3" />
        ) : null}
        {/* Hover anywhere over a bucket: its figures in every series. */}
        {widget.buckets.map((start, bucket) => (
          // biome-ignore lint/a11y/noStaticElementInteractions: the mouse's way to a bucket; the keyboard's is its marks
          <rect
            key={start}
            x={xOf(bucket) - band / 2}
            y={y0}
            width={band}
            height={y1 - y0}
            fill={active === bucket && !line ? style.grid : 'transparent'}
            fillOpacity={0.5}
            data-bucket={bucket}
            onMouseEnter={() => showBucket(bucket)}
            onMouseLeave={hideBucket}
          />
        ))}
      </g>
      <g style={{ pointerEvents: 'none' }}>{marks}</g>
    </>
  );
}
