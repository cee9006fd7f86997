import type { DashboardName } from '@ledgerdesk/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartWords } from '../../components/charts/chart-words';
import { currentLanguage } from '../../i18n';

/** The words of a dashboard's widgets in the reader's language: titles, series, items, columns, days. */
export interface Words extends ChartWords {
  title(id: string): string;
  /** The catalogue's caption of a widget; the server's (English) one when the catalogue has none. */
  caption(id: string, fallback?: string): string;
  column(key: string): string;
  /** A status, priority or stage of a table cell or a breakdown item. */
  status(key: string): string;
}

/** "dueDate" → "Due date": the label of a column the catalogue does not name. */
function humanise(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function useWords(dashboard: DashboardName): Words {
  // `t` changes with the language, and with it every word here.
  const { t } = useTranslation('dashboard');
  return useMemo(() => {
    // Keys come from the data ("In Progress", "0-30"): looked up as they are, not as paths.
    const known = t('keys', { returnObjects: true }) as Record<string, string>;
    const status = (key: string) => known[key] ?? key;
    const seriesNames = t('series', { returnObjects: true }) as Record<string, string>;
    const weekday = new Intl.DateTimeFormat(currentLanguage(), { weekday: 'short', timeZone: 'UTC' });
    const hourFormat = new Intl.DateTimeFormat(currentLanguage(), {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    return {
      title: (id) => t(`widgets.${dashboard}.${id}.title`),
      caption: (id, fallback = '') => t(`widgets.${dashboard}.${id}.caption`, { defaultValue: fallback }),
      // A series is named like a status when it is one (applications by status over time).
      series: (key) => seriesNames[key] ?? known[key] ?? humanise(key),
      item: (item) => item.label || status(item.key),
      column: (key) => t(`columns.${key}`, { defaultValue: humanise(key) }),
      status,
      // 5 January 1970 was a Monday.
      days: Array.from({ length: 7 }, (_, day) => weekday.format(Date.UTC(1970, 0, 5 + day))),
      hour: (hour) => hourFormat.format(Date.UTC(1970, 0, 1, hour)),
    };
  }, [t, dashboard]);
}
