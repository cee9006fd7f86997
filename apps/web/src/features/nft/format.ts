import { NFT_SCALE } from '@ledgerdesk/contracts';
import { currentLanguage } from '../../i18n';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * An ETH amount of the API (a decimal string, up to 4 decimals) as "1.25 ETH" ("1,25 ETH"), read by
 * Intl as the exact decimal it is (never through a float); "—" for none.
 */
export function formatEth(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return '—';
  const language = currentLanguage();
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: NFT_SCALE });
    formatters.set(language, format);
  }
  return `${format.format(value as Intl.StringNumericLiteral)} ETH`;
}

/** A well-formed ETH amount as typed: digits, and at most 4 decimals after a point. */
export const ETH_PATTERN = /^\d{1,6}(\.\d{1,4})?$/;

/**
 * An ETH decimal string in ten-thousandths, exactly (for comparing amounts without floats):
 * "1.25" → 12500n.
 */
export function ethUnits(value: string): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return (
    BigInt(whole || '0') * 10n ** BigInt(NFT_SCALE) +
    BigInt(fraction.padEnd(NFT_SCALE, '0').slice(0, NFT_SCALE) || '0')
  );
}

/** A change in percent with its sign: "+12.5%", "−3%" ("+12,5 %"). */
export function formatChange(percent: number): string {
  return new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(percent / 100);
}
