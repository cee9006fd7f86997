import { useMantineTheme } from '@mantine/core';
import { type RefObject, useState } from 'react';
import { decoration, labelStep, textWidth } from './axes';
import { ChartFrame, markProps, type Plot } from './ChartFrame';
import type { ChartStyle } from './chart-style';
import { niceTicks, type Ticks } from './ticks';

/** One period of prices: where it opened, its extremes and where it closed. */
export interface Candle {
  /** The period's start (ISO 8601). */
  start: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** How the chart writes its values and times, in the reader's language. */
export interface CandleWords {
  /** A price in the tooltip and a candle's name. */
  value: (value: number) => string;
  /** A round price on the axis. */
  tick: (value: number) => string;
  /** A period's start, short, under the axis ("14:05", "24 Nov"). */
  time: (start: string) => string;
  /** The tooltip's and the screen reader's lines. */
  open: string;
  high: string;
  low: string;
  close: string;
}

const TOP = 10;
const BOTTOM = 24;
const GAP = 8;
const BODY_MAX = 14;

/** Round ticks over the prices' range (not from zero: a price axis shows the moves). */
function priceTicks(candles: readonly Candle[]): Ticks {
  const low = Math.min(...candles.map((candle) => candle.low));
  const high = Math.max(...candles.map((candle) => candle.high));
  const margin = (high - low) * 0.05 || Math.abs(high) * 0.01 || 1;
  // niceTicks always takes in zero: ticks of the range's span, shifted to start near the lowest.
  const span = niceTicks(0, high - low + 2 * margin);
  const step = span.values.length > 1 ? (span.values[1] ?? 1) - (span.values[0] ?? 0) : 1;
  const min = Math.floor((low - margin) / step) * step;
  const max = Math.ceil((high + margin) / step) * step;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const values: number[] = [];
  for (let value = min; value <= max + step / 2; value += step) values.push(Number(value.toFixed(decimals)));
  return { min, max, values };
}

function Candles({
  candles,
  words,
  style,
  plot,
}: {
  candles: readonly Candle[];
  words: CandleWords;
  style: ChartStyle;
  plot: Plot;
}) {
  const theme = useMantineTheme();
  const [active, setActive] = useState<number | null>(null);
  const rising = theme.colors.teal[style.dark ? 5 : 7];
  const falling = theme.colors.red[style.dark ? 5 : 7];
  const ticks = priceTicks(candles);
  const labels = ticks.values.map(words.tick);
  const x0 = Math.max(...labels.map(textWidth)) + GAP;
  const x1 = plot.width - GAP;
  const y0 = TOP;
  const y1 = plot.height - BOTTOM;
  const band = (x1 - x0) / Math.max(1, candles.length);
  const xOf = (index: number) => x0 + (index + 0.5) * band;
  const yOf = (value: number) => y1 - ((value - ticks.min) / (ticks.max - ticks.min || 1)) * (y1 - y0);
  const body = Math.max(1, Math.min(BODY_MAX, band * 0.65));
  const times = candles.map((candle) => words.time(candle.start));
  const step = labelStep(times, band);

  const lines = (candle: Candle) => [
    { name: words.open, value: words.value(candle.open) },
    { name: words.high, value: words.value(candle.high) },
    { name: words.low, value: words.value(candle.low) },
    { name: words.close, value: words.value(candle.close) },
  ];
  const show = (index: number) => {
    const candle = candles[index];
    if (!candle) return;
    setActive(index);
    plot.show({ x: xOf(index), y: yOf(candle.high), heading: times[index], lines: lines(candle) });
  };
  const hide = () => {
    setActive(null);
    plot.hide();
  };
  /** A candle shows its figures under the pointer and on keyboard focus. */
  const pointing = (index: number) => ({
    onMouseEnter: () => show(index),
    onMouseLeave: hide,
    onFocus: () => show(index),
    onBlur: hide,
  });

  return (
    <>
      <g {...decoration}>
        {ticks.values.map((value, index) => (
          <g key={value}>
            <line x1={x0} x2={x1} y1={yOf(value)} y2={yOf(value)} stroke={style.grid} />
            <text x={x0 - 6} y={yOf(value)} dy="0.32em" textAnchor="end" fill={style.dimmed}>
              {labels[index]}
            </text>
          </g>
        ))}
        {times.map((time, index) =>
          index % step === 0 ? (
            <text
              key={candles[index]?.start}
              x={xOf(index)}
              y={y1 + 16}
              textAnchor="middle"
              fill={style.dimmed}
            >
              {time}
            </text>
          ) : null,
        )}
        {active !== null ? (
          <line x1={xOf(active)} x2={xOf(active)} y1={y0} y2={y1} stroke={style.axis} strokeDasharray="3 3" />
        ) : null}
      </g>
      {candles.map((candle, index) => {
        const colour = candle.close >= candle.open ? rising : falling;
        const top = yOf(Math.max(candle.open, candle.close));
        const bottom = yOf(Math.min(candle.open, candle.close));
        const spoken = lines(candle)
          .map((line) => `${line.name} ${line.value}`)
          .join(', ');
        return (
          <g
            key={candle.start}
            {...markProps(`${times[index]}: ${spoken}`, index === 0)}
            {...pointing(index)}
          >
            {/* The whole band answers the pointer, however thin the candle. */}
            <rect x={xOf(index) - band / 2} y={y0} width={band} height={y1 - y0} fill="transparent" />
            <line
              x1={xOf(index)}
              x2={xOf(index)}
              y1={yOf(candle.high)}
              y2={yOf(candle.low)}
              stroke={colour}
            />
            <rect
              x={xOf(index) - body / 2}
              y={top}
              width={body}
              height={Math.max(1, bottom - top)}
              fill={colour}
              rx={1}
            />
          </g>
        );
      })}
    </>
  );
}

interface CandleChartProps {
  candles: readonly Candle[];
  /** The chart's accessible name. */
  label: string;
  height: number;
  style: ChartStyle;
  words: CandleWords;
  svgRef: RefObject<SVGSVGElement | null>;
}

/**
 * Prices over time as candles: a body from open to close (rising in teal, falling in red; the
 * tooltip and each candle's name say the figures, colour is never the only sign), a wick from low to
 * high. Arrow keys move between candles (ChartFrame).
 */
export function CandleChart({ candles, label, height, style, words, svgRef }: CandleChartProps) {
  return (
    <ChartFrame label={label} height={height} fontFamily={style.fontFamily} svgRef={svgRef}>
      {(plot) =>
        candles.length > 0 ? <Candles candles={candles} words={words} style={style} plot={plot} /> : null
      }
    </ChartFrame>
  );
}
