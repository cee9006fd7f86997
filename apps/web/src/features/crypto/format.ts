import type { PortfolioCurrency } from '@ledgerdesk/contracts';
import { currentLanguage } from '../../i18n';

/**
 * A price in dollars, with as many decimals as a price of its size needs: "$64,210.55", "$0.4821",
 * "$0.00001234". A decimal string of the API is formatted as it is (never through a float).
 */
export function formatPrice(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const size = Math.abs(Number(value));
  const decimals = size >= 1 ? 2 : size >= 0.01 ? 4 : 8;
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value as Intl.StringNumericLiteral);
}

/**
 * An amount in the currency chosen for the portfolio: "0.52341870 BTC", "$12,345.60", "11 402,17 €"
 * (bitcoins by their code: the ₿ sign is missing from common fonts).
 */
export function formatIn(value: string | number | null | undefined, currency: PortfolioCurrency): string {
  if (value === null || value === undefined || value === '') return '—';
  if (currency === 'btc')
    return `${new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 8, maximumFractionDigits: 8 }).format(value as Intl.StringNumericLiteral)} BTC`;
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: currency === 'euro' ? 'EUR' : 'USD',
  }).format(value as Intl.StringNumericLiteral);
}

/** A quantity of coins: up to 8 decimals ("0.0125", "1,200"). */
export function formatCoins(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 8 }).format(
    value as Intl.StringNumericLiteral,
  );
}

/** A price on a chart's axis: whole dollars from $100 (the ticks are round), else as a price. */
export function formatPriceTick(value: number): string {
  if (Math.abs(value) < 100) return formatPrice(value);
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(value);
}

/** A large amount, short: "$1.2B", "$845.3M". */
export function formatVolume(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(Number(value));
}

/** A change in percent, signed: "+2.41 %", "−0.87 %" (the number's own sign, never a colour alone). */
export function formatChange(percent: number | string | null | undefined): string {
  if (percent === null || percent === undefined || percent === '') return '—';
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(percent) / 100);
}

/** Which way a change goes, for its colour and its words. */
export function directionOf(percent: number | string | null | undefined): 'up' | 'down' | 'flat' {
  const value = Number(percent ?? 0);
  return value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
}

/** The colour of a change: teal up, red down, gray flat (always beside its signed figure). */
export const changeColour = { up: 'teal', down: 'red', flat: 'gray' } as const;
