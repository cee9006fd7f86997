import { describe, expect, it } from 'vitest';
import { niceTicks } from './ticks';

describe('niceTicks', () => {
  it('covers the range with round steps from zero', () => {
    // 0..1234 in about 5 steps: 246.8 rounds up to 250.
    expect(niceTicks(0, 1234)).toEqual({ min: 0, max: 1250, values: [0, 250, 500, 750, 1000, 1250] });
    // 0..87 in 5: 17.4 → 20.
    expect(niceTicks(3, 87)).toEqual({ min: 0, max: 100, values: [0, 20, 40, 60, 80, 100] });
    // 0..1234 in about 4: 308.5 → 500.
    expect(niceTicks(0, 1234, { count: 4 })).toEqual({ min: 0, max: 1500, values: [0, 500, 1000, 1500] });
  });

  it('keeps decimals exact', () => {
    // 0..0.7 in 5: 0.14 → 0.2.
    expect(niceTicks(0, 0.7).values).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('reaches below zero for negative values', () => {
    // -30..45 is 75 wide: 15 → 20, from -40 to 60.
    expect(niceTicks(-30, 45)).toEqual({ min: -40, max: 60, values: [-40, -20, 0, 20, 40, 60] });
  });

  it('keeps a count to whole numbers', () => {
    // 0..3 in 5 would be 0.6 → 1 a step: 0, 1, 2, 3 (not 0, 0.2 … 3).
    expect(niceTicks(0, 3, { whole: true })).toEqual({ min: 0, max: 3, values: [0, 1, 2, 3] });
    // 0..1 (a single sign-in): 0 and 1.
    expect(niceTicks(0, 1, { whole: true }).values).toEqual([0, 1]);
    // 0..12 in 5: 2.4 would be 2.5; a count steps by 5.
    expect(niceTicks(0, 12).values).toEqual([0, 2.5, 5, 7.5, 10, 12.5]);
    expect(niceTicks(0, 12, { whole: true }).values).toEqual([0, 5, 10, 15]);
    // Larger ranges are whole already: 25 stays a step.
    expect(niceTicks(0, 120, { whole: true }).values).toEqual([0, 25, 50, 75, 100, 125]);
    // Nothing at all: 0..1.
    expect(niceTicks(0, 0, { whole: true }).values).toEqual([0, 1]);
  });

  it('gives an empty series a scale', () => {
    // 0..1 in 5: 0.2.
    expect(niceTicks(0, 0)).toEqual({ min: 0, max: 1, values: [0, 0.2, 0.4, 0.6, 0.8, 1] });
  });
});
