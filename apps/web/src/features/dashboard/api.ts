import type {
  DashboardName,
  DashboardPeriod,
  DashboardQuery,
  DashboardResponse,
} from '@ledgerdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/transfer';

/** The reader's IANA zone: periods are days, weeks and months of their calendar. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What a dashboard may be asked beyond its period: the crypto dashboard's currency. */
export type DashboardOptions = Omit<DashboardQuery, 'period' | 'tz'>;

/**
 * A dashboard's widgets for `period` (the server's default without one). While another period
 * loads, the figures of the previous one stay on screen.
 */
export function useDashboard<D extends DashboardName>(
  name: D,
  period: DashboardPeriod | undefined,
  options: DashboardOptions = {},
) {
  return useQuery({
    queryKey: [...resourceKeys.dashboards, name, period ?? null, timeZone, options],
    queryFn: ({ signal }) =>
      api.get<DashboardResponse<D>>(`/dashboard/${name}`, {
        query: { ...options, period, tz: timeZone },
        signal,
      }),
    placeholderData: (previous) => (previous?.name === name ? previous : undefined),
  });
}

/** Saves a widget's figures as CSV, made by the server for the same period, zone and options as on screen. */
export function exportWidget(
  name: DashboardName,
  widget: string,
  period: DashboardPeriod,
  options: DashboardOptions,
  fileName: string,
) {
  return downloadFile(`/dashboard/${name}/${widget}/export`, {
    query: { ...options, period, tz: timeZone },
    fileName,
  });
}
