import { divideHalfUp, toScaled } from '@ledgerdesk/contracts';
import { i18n } from '../../i18n';

/** "$19", "$21.50": whole prices without cents, in the reader's language. */
export function formatPrice(value: string): string {
  const cents = !/\.0*$/.test(value) && value.includes('.');
  const number = new Intl.NumberFormat(i18n.language, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  });
  return number.format(value as Intl.StringNumericLiteral);
}

/** How much cheaper `price` is than `was`, in whole percent (228 → 171: 25). */
export function savingOf(price: string, was: string): number {
  const before = toScaled(was, 2);
  if (before <= 0n) return 0;
  return Number(divideHalfUp((before - toScaled(price, 2)) * 100n, before));
}
