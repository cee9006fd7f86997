import { type DashboardPeriod, dashboardMonths, dashboardPeriods } from '@ledgerdesk/contracts';
import { NativeSelect } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';

/** SPEC §2's selectors, grouped as a reader looks for them; the months of the year last. */
const groups: [string, readonly DashboardPeriod[]][] = [
  ['days', ['today', 'hour']],
  ['weeks', ['week', 'lastWeek', 'weekly']],
  ['months', ['monthly', 'lastMonth', 'quarter', 'halfyearly']],
  ['years', ['yearly', 'currentYear', 'all']],
  ['monthsOfYear', dashboardMonths],
];

export const isPeriod = (value: string | null): value is DashboardPeriod =>
  (dashboardPeriods as readonly string[]).includes(value ?? '');

export function PeriodSelect({
  value,
  onChange,
}: {
  value: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
}) {
  const { t } = useTranslation('dashboard');
  const data = useMemo(() => {
    const month = new Intl.DateTimeFormat(currentLanguage(), { month: 'long', timeZone: 'UTC' });
    const label = (period: DashboardPeriod) => {
      const index = (dashboardMonths as readonly string[]).indexOf(period);
      if (index < 0) return t(`periods.${period}`);
      const name = month.format(Date.UTC(2026, index, 1));
      return name.charAt(0).toUpperCase() + name.slice(1);
    };
    return groups.map(([group, periods]) => ({
      group: t(`periodGroups.${group}`),
      items: periods.map((period) => ({ value: period, label: label(period) })),
    }));
  }, [t]);
  return (
    // The browser's own select: grouped options, keyboard and screen readers for free, no popover code.
    <NativeSelect
      label={t('period')}
      data={data}
      value={value}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isPeriod(next)) onChange(next);
      }}
      leftSection={<IconCalendar size={16} aria-hidden />}
      w={220}
      size="sm"
    />
  );
}
