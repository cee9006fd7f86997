import {
  CASH_SCALE,
  currencyDecimals,
  divideHalfUp,
  fromScaled,
  type PortfolioCurrency,
  PRICE_SCALE,
  QUANTITY_SCALE,
  toScaled,
  USD_PER_EURO,
} from '@ledgerdesk/contracts';

/*
 * Exact money on strings: quantities and prices are integers of 1e-8, cash of cents (BigInt), as
 * in contracts/decimal.ts. What the database stores is `numeric`; what is computed here before a
 * write (an order's value) is the same figure the database would compute.
 */

export const quantityUnits = (value: string) => toScaled(value, QUANTITY_SCALE);
export const priceUnits = (value: string) => toScaled(value, PRICE_SCALE);
export const cents = (value: string) => toScaled(value, CASH_SCALE);
export const centsText = (units: bigint) => fromScaled(units, CASH_SCALE);

/** quantity × price in cents, rounded half up: what an order of `quantity` at `price` is worth. */
export function valueInCents(quantity: string, price: string): bigint {
  return divideHalfUp(
    quantityUnits(quantity) * priceUnits(price),
    10n ** BigInt(QUANTITY_SCALE + PRICE_SCALE - 2),
  );
}

/** A stored numeric without trailing zeros, with at least 2 decimals ("64250.10", "0.0812"). */
export function priceText(value: string): string {
  const units = priceUnits(value);
  const plain = fromScaled(units, PRICE_SCALE, true);
  const [whole, fraction = ''] = plain.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** A stored quantity without trailing zeros ("0.5", "12"). */
export const quantityText = (value: string) => fromScaled(quantityUnits(value), QUANTITY_SCALE, true);

/**
 * Converts US dollars into a portfolio currency: `usd` is an amount at `scale` decimals; `btcPrice`
 * the price of one bitcoin (needed for btc). Answers the amount at `decimals` decimals (the
 * currency's, or PRICE_SCALE for a price), rounded half up.
 */
export function convertUsd(
  usd: bigint,
  scale: number,
  currency: PortfolioCurrency,
  btcPrice: string,
  decimals = currencyDecimals[currency],
): string {
  // USD for one unit of the currency, at PRICE_SCALE.
  const rate =
    currency === 'usd'
      ? 10n ** BigInt(PRICE_SCALE)
      : priceUnits(currency === 'euro' ? USD_PER_EURO : btcPrice);
  if (rate === 0n) return fromScaled(0n, decimals);
  const numerator = usd * 10n ** BigInt(decimals + PRICE_SCALE);
  return fromScaled(divideHalfUp(numerator, rate * 10n ** BigInt(scale)), decimals);
}

/** `part` in percent of `whole` (2 decimals), 0 when the whole is 0. */
export function percentOf(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return Number(divideHalfUp(part * 10_000n, whole)) / 100;
}
