import type {
  DashboardName,
  DashboardResponse,
  DashboardWidget,
  ResolvedPeriod,
} from '@ledgerdesk/contracts';
import { Alert, Box, Button, Grid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { errorMessageOf } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { type DashboardOptions, useDashboard } from './api';
import { type DashboardLayout, layouts, spans } from './layouts';
import { isPeriod, PeriodSelect } from './PeriodSelect';
import { WidgetSkeleton, WidgetView } from './WidgetView';
import { useWords } from './words';

const NO_OPTIONS: DashboardOptions = {};

/** The midnight that ends a past day is shown as that day: "1–30 Nov", not "1 Nov–1 Dec". */
function lastDay(to: string): string {
  const end = new Date(to);
  if (end.getHours() === 0 && end.getMinutes() === 0) end.setTime(end.getTime() - 1);
  return end.toISOString();
}

function RangeText({ period }: { period: ResolvedPeriod }) {
  const { t } = useTranslation('dashboard');
  // Hours matter to today and to the last 24 hours; days to anything longer.
  const byHour = period.bucket === 'hour';
  const to = byHour ? formatDateTime(period.to) : formatDate(lastDay(period.to));
  if (!period.from) return <>{t('range.until', { to })}</>;
  const from = byHour ? formatDateTime(period.from) : formatDate(period.from);
  return <>{t('range.between', { from, to })}</>;
}

/** The rows of the layout with the widgets the server answered; empty rows left out. */
function rowsOf<D extends DashboardName>(
  layout: DashboardLayout<D>,
  widgets: DashboardResponse<D>['widgets'],
) {
  return layout
    .map((row) =>
      row.flatMap(([id, span]) => {
        const widget = widgets[id] as DashboardWidget | undefined;
        return widget ? [{ widget: { ...widget, id }, span }] : [];
      }),
    )
    .filter((row) => row.length > 0);
}

interface DashboardViewProps<D extends DashboardName> {
  name: D;
  title: string;
  /** Under the title (the home page's account summary). */
  intro?: ReactNode;
  /** Shown instead of the widgets when the caller may see none. */
  whenEmpty: ReactNode;
  /** What the dashboard is asked beyond its period (the crypto dashboard's currency). */
  options?: DashboardOptions;
  /** Controls beside the period's (the currency's). */
  controls?: ReactNode;
}

/**
 * Any dashboard, from its layout and the server's answer: the period (kept in the URL as
 * `?period=`, the server's default without it) and the range it covers, then the rows of widgets.
 */
export function DashboardView<D extends DashboardName>({
  name,
  title,
  intro,
  whenEmpty,
  options = NO_OPTIONS,
  controls,
}: DashboardViewProps<D>) {
  const { t } = useTranslation('dashboard');
  usePageTitle(title);
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period = isPeriod(asked) ? asked : undefined;
  const query = useDashboard(name, period, options);
  const words = useWords(name);
  const layout = layouts[name] as DashboardLayout<D>;
  const data = query.data;
  const rows = data ? rowsOf(layout, data.widgets) : [];

  return (
    <>
      <PageHeader
        title={title}
        description={
          <>
            {intro}
            {data ? (
              <Text component="span" display="block" size="sm" c="dimmed" data-testid="dashboard-range">
                <RangeText period={data.period} />
              </Text>
            ) : null}
          </>
        }
        actions={
          data ? (
            <>
              {controls}
              <PeriodSelect
                value={data.period.period}
                onChange={(next) =>
                  setParams(
                    (current) => {
                      const updated = new URLSearchParams(current);
                      updated.set('period', next);
                      return updated;
                    },
                    { replace: false },
                  )
                }
              />
            </>
          ) : null
        }
      />

      {query.isError && !data ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('error')}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessageOf(query.error)}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {query.isPending ? (
        <Stack gap="lg" aria-busy="true" aria-label={t('loading')}>
          {layout.slice(0, 3).map((row) => (
            <Grid key={row.map(([id]) => id).join()} gap="lg">
              {row.map(([id, span]) => (
                <Grid.Col key={id} span={spans[span]}>
                  <WidgetSkeleton kpi={span === 'kpi' || span === 'wideKpi'} />
                </Grid.Col>
              ))}
            </Grid>
          ))}
        </Stack>
      ) : null}

      {data && rows.length === 0 ? whenEmpty : null}

      {data && rows.length > 0 ? (
        <Box
          aria-busy={query.isPlaceholderData}
          style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <Stack gap="lg">
            {rows.map((row) => {
              // Charts left alone in their row widen to fill it; counters keep their size.
              const counters = row.every((item) => item.widget.kind === 'kpi');
              return (
                <Grid key={row.map((item) => item.widget.id).join()} gap="lg" grow={!counters}>
                  {row.map(({ widget, span }) => (
                    // min-width 0: a chart drawn wider a moment ago must not hold its column open.
                    <Grid.Col key={widget.id} span={spans[span]} miw={0}>
                      <WidgetView
                        widget={widget}
                        words={words}
                        source={{ dashboard: name, period: data.period.period, options }}
                      />
                    </Grid.Col>
                  ))}
                </Grid>
              );
            })}
          </Stack>
        </Box>
      ) : null}
    </>
  );
}
