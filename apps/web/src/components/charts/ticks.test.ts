import { describe, expect, it } from 'vitest';
import { niceTicks } from './ticks';

describe('niceTicks', () => {
  it('covers the range with round steps from zero', () => {
    // 0..1234 in about 5 steps: 246.8 rounds up to 250.
    expect(niceTicks(0, 1234)).toEqual({ min: 0, max: 1250, values: [0, 250, 500, 750, 1000, 1250] });
    // 0..87 in 5: 17.4 → 20.
    expect(niceTicks(3, 87)).toEqual({ min: 0, max: 100, values: [0, 20, 40, 60, 80, 100] });
    // 0..1234 in about 4: 308.5 → 500.
    expect(niceTicks(0, 1234, 4)).toEqual({ min: 0, max: 1500, values: [0, 500, 1000, 1500] });
  });

  it('keeps decimals exact', () => {
    // 0..0.7 in 5: 0.14 → 0.2.
    expect(niceTicks(0, 0.7).values).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('reaches below zero for negative values', () => {
    // -30..45 is 75 wide: 15 → 20, from -40 to 60.
    expect(niceTicks(-30, 45)).toEqual({ min: -40, max: 60, values: [-40, -20, 0, 20, 40, 60] });
  });

  it('gives an empty series a scale', () => {
    // 0..1 in 5: 0.2.
    expect(niceTicks(0, 0)).toEqual({ min: 0, max: 1, values: [0, 0.2, 0.4, 0.6, 0.8, 1] });
  });
});
