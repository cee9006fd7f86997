import { type OrderTotals, orderCharges } from '@ledgerdesk/contracts';
import { useTranslation } from 'react-i18next';
import { FigureRow, Figures } from '../../components/Figures';
import { formatMoney } from '../../lib/format';

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);

/** Subtotal, discount, shipping, tax and total of an order (the server's, or the cart's estimate). */
export function OrderFigures({ totals }: { totals: OrderTotals }) {
  const { t } = useTranslation('ecommerce');
  const free = isZero(totals.shipping);
  return (
    <Figures>
      <FigureRow label={t('figures.subtotal')} value={formatMoney(totals.subtotal)} />
      {isZero(totals.discount) ? null : (
        <FigureRow label={t('figures.discount')} value={`− ${formatMoney(totals.discount)}`} />
      )}
      <FigureRow
        label={t('figures.shipping')}
        value={free ? t('figures.freeShipping') : formatMoney(totals.shipping)}
      />
      <FigureRow
        label={t('figures.tax', { percent: orderCharges.taxPercent })}
        value={formatMoney(totals.tax)}
      />
      <FigureRow label={t('figures.total')} value={formatMoney(totals.total)} strong />
    </Figures>
  );
}
