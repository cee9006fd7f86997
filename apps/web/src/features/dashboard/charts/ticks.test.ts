import { describe, expect, it } from 'vitest';
import { niceTicks } from './ticks';

describe('niceTicks', () => {
  it('covers the range with round steps from zero', () => {
    // 0..1234 in about 4 steps: 308.5 rounds up to 500.
    expect(niceTicks(0, 1234)).toEqual({ min: 0, max: 1500, values: [0, 500, 1000, 1500] });
    // 0..87 in 4: 21.75 → 25.
    expect(niceTicks(3, 87)).toEqual({ min: 0, max: 100, values: [0, 25, 50, 75, 100] });
  });

  it('keeps decimals exact', () => {
    // 0..0.7 in 4: 0.175 → 0.2.
    expect(niceTicks(0, 0.7).values).toEqual([0, 0.2, 0.4, 0.6, 0.8]);
  });

  it('reaches below zero for negative values', () => {
    // -30..45 is 75 wide: 18.75 → 20, from -40 to 60.
    expect(niceTicks(-30, 45)).toEqual({ min: -40, max: 60, values: [-40, -20, 0, 20, 40, 60] });
  });

  it('gives an empty series a scale', () => {
    // 0..1 in 4: 0.25.
    expect(niceTicks(0, 0)).toEqual({ min: 0, max: 1, values: [0, 0.25, 0.5, 0.75, 1] });
  });
});
