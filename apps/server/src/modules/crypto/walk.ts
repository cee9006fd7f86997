/*
 * The simulated market's random walk, as pure functions: the move of a coin at step n depends on
 * the coin's code and n only, so that every node computes the same step alike, today or after a
 * restart.
 */

const DAY_MS = 86_400_000;

/** The market step of an instant: floor(epoch ms / step ms). */
export const stepAt = (ms: number, stepMs: number) => Math.floor(ms / stepMs);
/** When a step starts. */
export const stepStart = (step: number, stepMs: number) => new Date(step * stepMs);

/** FNV-1a of the code: the coin's own stream. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A mix of the coin's hash, the step and a draw number (splitmix-like), as a uniform in [0, 1). */
function uniform(coinHash: number, step: number, draw: number): number {
  let x = (coinHash ^ Math.imul(step % 0x100000000, 0x9e3779b1) ^ Math.imul(draw + 1, 0x85ebca6b)) >>> 0;
  x ^= Math.floor(step / 0x100000000);
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  x ^= x >>> 16;
  return (x >>> 0) / 4294967296;
}

/** A standard normal-ish draw (the sum of four uniforms, centred and scaled: Irwin–Hall). */
function normalOf(coinHash: number, step: number): number {
  let sum = 0;
  for (let draw = 0; draw < 4; draw++) sum += uniform(coinHash, step, draw);
  return (sum - 2) / Math.sqrt(4 / 12);
}

export type WalkCoin = { code: string; volatility: number; dailyVolume: number };

/**
 * A coin's price and traded volume at each step after `fromStep` up to `toStep`, from its price at
 * `fromStep`: each step multiplies the price by exp(σ·z), σ the day's volatility scaled to the step
 * (σ_day·√(step/day)), z the step's draw; the volume is the day's spread over the steps, between
 * half and one and a half times the average. Prices are rounded to 8 decimals at each step, as they
 * are stored, so that the walk from a stored price is the walk.
 */
export function walk(
  coin: WalkCoin,
  price: number,
  fromStep: number,
  toStep: number,
  stepMs: number,
): { step: number; price: number; volume: number }[] {
  const hash = hashOf(coin.code);
  const sigma = coin.volatility * Math.sqrt(stepMs / DAY_MS);
  const averageVolume = (coin.dailyVolume * stepMs) / DAY_MS;
  const steps: { step: number; price: number; volume: number }[] = [];
  let current = price;
  for (let step = fromStep + 1; step <= toStep; step++) {
    const next = Math.round(current * Math.exp(sigma * normalOf(hash, step)) * 1e8) / 1e8;
    // A price never reaches 0 (it would stay there): the smallest stored price at worst.
    current = Math.max(next, 1e-8);
    const volume = Math.round(averageVolume * (0.5 + uniform(hash, step, 4)) * 100) / 100;
    steps.push({ step, price: current, volume });
  }
  return steps;
}
