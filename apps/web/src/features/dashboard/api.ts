import type { DashboardName, DashboardPeriod, DashboardResponse } from '@ledgerdesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { resourceKeys } from '../../lib/query-keys';
import { downloadFile } from '../../lib/transfer';

/** The reader's IANA zone: periods are days, weeks and months of their calendar. */
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A dashboard's widgets for `period` (the server's default without one). While another period
 * loads, the figures of the previous one stay on screen.
 */
export function useDashboard<D extends DashboardName>(name: D, period: DashboardPeriod | undefined) {
  return useQuery({
    queryKey: [...resourceKeys.dashboards, name, period ?? null, timeZone],
    queryFn: ({ signal }) =>
      api.get<DashboardResponse<D>>(`/dashboard/${name}`, { query: { period, tz: timeZone }, signal }),
    placeholderData: (previous) => (previous?.name === name ? previous : undefined),
  });
}

/** Saves a widget's figures as CSV, made by the server for the same period and zone as on screen. */
export function exportWidget(name: DashboardName, widget: string, period: DashboardPeriod, fileName: string) {
  return downloadFile(`/dashboard/${name}/${widget}/export`, { query: { period, tz: timeZone }, fileName });
}
