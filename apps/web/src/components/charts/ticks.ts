import type { FigureUnit } from '@ledgerdesk/contracts';

/** An axis' round ticks: its bounds and the values between, `step` apart. */
export interface Ticks {
  min: number;
  max: number;
  values: number[];
}

/**
 * 1, 2, 2.5 or 5 times a power of ten: the step closest above `rough`. `whole` keeps to whole
 * numbers (a count has no 0.2 nor 2.5): never below 1, and 5 rather than 2.5.
 */
function niceStep(rough: number, whole: boolean): number {
  if (whole && rough <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const quarter = !whole || power > 1;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 && quarter ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Whether an axis of `unit` keeps to whole numbers: counts do (no 0.2 of a sign-in). */
export const wholeUnit = (unit: FigureUnit) => unit === 'count';

/**
 * Round ticks covering `low`..`high`, about `count` intervals, zero always included (bars and
 * areas stand on it); `whole` steps are whole numbers. An empty range (all zeros) still gets 0..1.
 */
export function niceTicks(
  low: number,
  high: number,
  { count = 5, whole = false }: { count?: number; whole?: boolean } = {},
): Ticks {
  let from = Math.min(0, low);
  let to = Math.max(0, high);
  if (from === to) to = from + 1;
  const step = niceStep((to - from) / Math.max(1, count), whole);
  from = Math.floor(from / step) * step;
  to = Math.ceil(to / step) * step;
  const values: number[] = [];
  // Rounded to the step's decimals: 0.1 + 0.2 stays 0.3 on the axis.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  for (let value = from; value <= to + step / 2; value += step) values.push(Number(value.toFixed(decimals)));
  return { min: from, max: to, values };
}
