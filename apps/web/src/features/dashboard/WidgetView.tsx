import type {
  DashboardName,
  DashboardPeriod,
  DashboardWidget,
  KpiWidget,
  TableWidget,
} from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Anchor,
  Box,
  Card,
  Group,
  Progress,
  Skeleton,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconChartBar,
  IconFileDownload,
  IconMinus,
  IconPhotoDown,
  IconTable,
} from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type ChartStyle, useChartStyle } from '../../components/charts/chart-style';
import { svgToPng } from '../../components/charts/export-png';
import { heatmapHighest } from '../../components/charts/HeatmapChart';
import { type ChartWidget, WidgetChart } from '../../components/charts/WidgetChart';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessageOf } from '../../lib/api';
import { formatFigure } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { type DashboardOptions, exportWidget } from './api';
import classes from './dashboard.module.css';
import { type CellType, type Figures, figuresOf, formatCell, isNumeric } from './figures';
import { summaryOf } from './summary';
import type { Words } from './words';

const CHART_HEIGHT = 280;

/** Saves a file the browser made (a chart's image, a CSV) under `name`. */
function download(name: string, href: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
}

/** "Invoices over time" → "invoices-over-time". */
const fileName = (title: string) =>
  title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'widget';

/** Where the widgets on screen come from: their dashboard and period, for the CSV the server makes. */
export interface WidgetSource {
  dashboard: DashboardName;
  period: DashboardPeriod;
  options: DashboardOptions;
}
const WidgetSourceContext = createContext<WidgetSource | null>(null);

interface ExportButtonsProps {
  /** The widget's id in its dashboard. */
  id: string;
  title: string;
  /** The chart on screen, for the PNG; none for counters and tables. */
  chart?: () => SVGSVGElement | null;
  background?: string;
}

/** Download the widget as an image (charts) and its figures as CSV. */
function ExportButtons({ id, title, chart, background }: ExportButtonsProps) {
  const { t } = useTranslation('dashboard');
  const source = useContext(WidgetSourceContext);
  const png = t('export.png', { title });
  const csv = t('export.csv', { title });
  return (
    <>
      {chart ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={png}
          title={png}
          onClick={() => {
            const shown = chart();
            if (shown)
              void svgToPng(shown, background ?? '#fff').then((png) =>
                download(`${fileName(title)}.png`, png),
              );
          }}
        >
          <IconPhotoDown size={16} aria-hidden />
        </ActionIcon>
      ) : null}
      {source ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={csv}
          title={csv}
          onClick={() =>
            void exportWidget(
              source.dashboard,
              id,
              source.period,
              source.options,
              `${fileName(title)}.csv`,
            ).catch((error: unknown) => notifyError(errorMessageOf(error), { title: t('export.failed') }))
          }
        >
          <IconFileDownload size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </>
  );
}

interface WidgetCardProps {
  title: string;
  /** The title leads there (where the figures come from). */
  href?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A widget's frame: its title (a heading, a link when it has one) and its actions. */
function WidgetCard({ title, href, actions, children }: WidgetCardProps) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="md" h="100%" component="section" aria-labelledby={id}>
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs" mih={28}>
        <Title order={2} fz="sm" fw={650} id={id} lineClamp={1}>
          {href ? (
            <Anchor component={Link} to={href} inherit>
              {title}
            </Anchor>
          ) : (
            title
          )}
        </Title>
        {actions ? (
          <Group gap={2} wrap="nowrap">
            {actions}
          </Group>
        ) : null}
      </Group>
      {children}
    </Card>
  );
}

/**
 * The figures as an accessible table, links and badges included. A plain table (Mantine's brings a
 * scroll area and its positioning code: 20 KB gzip on the dashboard's first load).
 */
function FiguresTable({ title, figures, words }: { title: string; figures: Figures; words: Words }) {
  const { t } = useTranslation('dashboard');
  if (figures.rows.length === 0) return <Empty />;
  const align = (type: CellType) => (isNumeric(type) ? classes.numeric : undefined);
  return (
    // Focusable, so that a keyboard can scroll a table wider than its card.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className={classes.scroller} tabIndex={0}>
      <table className={classes.table}>
        <caption className={classes.hiddenCaption}>{title}</caption>
        <thead>
          <tr>
            {figures.columns.map((column) => (
              <th key={column.key} scope="col" className={align(column.type)}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {figures.rows.map((row) => (
            <tr key={row.key}>
              {figures.columns.map((column, index) => {
                const value = row.cells[index] ?? null;
                const text = formatCell(value, column.type, words);
                let content: ReactNode = text;
                if (column.type === 'status' && value !== null)
                  content = (
                    <span className={classes.badge}>
                      <StatusBadge color={statusColour(String(value))}>{text}</StatusBadge>
                    </span>
                  );
                else if (column.type === 'progress' && typeof value === 'number')
                  content = (
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Progress
                        value={value}
                        w={80}
                        size="sm"
                        aria-label={t('progressOf', { name: String(row.cells[0] ?? '') })}
                      />
                      <span className={classes.progressText}>{text}</span>
                    </Group>
                  );
                else if (index === 0 && row.href)
                  content = (
                    <Anchor component={Link} to={row.href} size="sm">
                      {text}
                    </Anchor>
                  );
                return index === 0 ? (
                  <th key={column.key} scope="row" className={align(column.type)}>
                    {content}
                  </th>
                ) : (
                  <td key={column.key} className={align(column.type)}>
                    {content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A status's colour by what it says (never the only sign: the badge reads the status). */
function statusColour(status: string): string {
  const word = status.toLowerCase();
  if (/(paid|complete|done|won|accept|active|deliver|hired|success|resolved|closed)/.test(word))
    return 'teal';
  if (/(overdue|lost|reject|cancel|fail|urgent|critical|high)/.test(word)) return 'red';
  if (/(pending|progress|review|waiting|medium|interview|shipped|processing)/.test(word)) return 'yellow';
  if (/(new|open|draft|low|lead|planned)/.test(word)) return 'blue';
  return 'gray';
}

function Empty() {
  const { t } = useTranslation('dashboard');
  return (
    <Text size="sm" c="dimmed" py="lg" ta="center">
      {t('empty')}
    </Text>
  );
}

/** SPEC §3's counter: label, counter with its prefix, suffix and decimals, the change, the caption. */
function KpiView({ widget, words }: { widget: KpiWidget; words: Words }) {
  const { t } = useTranslation('dashboard');
  const title = words.title(widget.id);
  const change = widget.percentage;
  const direction = change === null ? null : change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  // The sign before the prefix: "-$1,234.50", not "$-1,234.50".
  const counter = `${widget.counter < 0 ? '-' : ''}${widget.prefix}${formatFigure(Math.abs(widget.counter), 'count', { decimals: widget.decimals })}${widget.suffix}`;
  const Arrow = direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconMinus;
  return (
    <WidgetCard title={title} href={widget.href} actions={<ExportButtons id={widget.id} title={title} />}>
      <Text fz={counter.length > 13 ? 22 : 26} fw={700} lh={1.15} className={classes.kpiValue} data-kpi-value>
        {counter}
      </Text>
      <Group gap={6} mt={6} wrap="nowrap">
        {direction ? (
          <StatusBadge
            color={direction === 'up' ? 'teal' : direction === 'down' ? 'red' : 'gray'}
            leftSection={<Arrow size={14} aria-hidden />}
          >
            <VisuallyHidden>{t(`change.${direction}`)} </VisuallyHidden>
            {direction === 'up' ? '+' : ''}
            {formatFigure(change ?? 0, 'percent')}
          </StatusBadge>
        ) : null}
        <Text size="xs" c="dimmed" lineClamp={1}>
          {direction ? t('change.sincePrevious') : t('change.none')}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" mt="xs">
        {words.caption(widget.id, widget.caption)}
      </Text>
    </WidgetCard>
  );
}

const hasFigures = (widget: ChartWidget) => {
  switch (widget.kind) {
    case 'series':
      return widget.buckets.length > 0;
    case 'breakdown':
      return widget.items.some((item) => item.value !== 0);
    case 'heatmap':
      return widget.outside !== 0 || widget.values.some((values) => values.some((value) => value !== 0));
  }
};

/**
 * The chart's key in HTML under it: the colour of each series or item, or the heatmap's scale. For
 * the eyes (screen readers have the summary); a bar per item needs none, its axis names them.
 */
function ChartKey({ widget, style, words }: { widget: ChartWidget; style: ChartStyle; words: Words }) {
  if (widget.kind === 'heatmap')
    return (
      <Group gap={8} justify="center" mt={6} aria-hidden>
        <Text size="xs" c="dimmed">
          {formatFigure(0, widget.unit)}
        </Text>
        <Box
          w={140}
          h={8}
          style={{
            borderRadius: 4,
            background: `linear-gradient(to right, ${style.heat[0]}, ${style.heat[1]})`,
          }}
        />
        <Text size="xs" c="dimmed">
          {formatFigure(heatmapHighest(widget), widget.unit)}
        </Text>
      </Group>
    );
  let names: string[] = [];
  if (widget.kind === 'series' && widget.series.length > 1)
    names = widget.series.map((series) => words.series(series.key));
  if (widget.kind === 'breakdown' && widget.chart !== 'bar')
    names = widget.items.map((item) => words.item(item));
  if (names.length === 0) return null;
  return (
    <Group gap="xs" mt={6} justify="center" aria-hidden>
      {names.map((name, index) => (
        <Group key={name} gap={4} wrap="nowrap">
          <Box
            w={10}
            h={10}
            style={{ borderRadius: 3, background: style.palette[index % style.palette.length] }}
          />
          <Text size="xs" c="dimmed">
            {name}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** A series, breakdown or heatmap: the chart with its summary, or the table of its figures. */
function ChartView({ widget, words }: { widget: ChartWidget; words: Words }) {
  const { t } = useTranslation('dashboard');
  const style = useChartStyle();
  const navigate = useNavigate();
  const [asTable, setAsTable] = useState(false);
  const chartRef = useRef<SVGSVGElement | null>(null);
  const title = words.title(widget.id);
  const figures = useMemo(() => figuresOf(widget, words), [widget, words]);
  const shown = hasFigures(widget);

  return (
    <WidgetCard
      title={title}
      actions={
        <>
          <ActionIcon
            variant={asTable ? 'light' : 'subtle'}
            color="gray"
            size="sm"
            aria-label={t('showTable')}
            aria-pressed={asTable}
            title={asTable ? t('showChart') : t('showTable')}
            onClick={() => setAsTable((table) => !table)}
          >
            {asTable ? <IconChartBar size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
          </ActionIcon>
          <ExportButtons
            id={widget.id}
            title={title}
            chart={asTable || !shown ? undefined : () => chartRef.current}
            background={style.surface}
          />
        </>
      }
    >
      {asTable ? (
        <FiguresTable title={title} figures={figures} words={words} />
      ) : shown ? (
        <>
          <VisuallyHidden>{summaryOf(widget, words, t)}</VisuallyHidden>
          <WidgetChart
            widget={widget}
            label={title}
            height={CHART_HEIGHT}
            style={style}
            words={words}
            svgRef={chartRef}
            open={(href) => void navigate(href)}
          />
          <ChartKey widget={widget} style={style} words={words} />
        </>
      ) : (
        <Empty />
      )}
    </WidgetCard>
  );
}

function TableView({ widget, words }: { widget: TableWidget; words: Words }) {
  const title = words.title(widget.id);
  const figures = useMemo(() => figuresOf(widget, words), [widget, words]);
  return (
    <WidgetCard title={title} href={widget.href} actions={<ExportButtons id={widget.id} title={title} />}>
      <FiguresTable title={title} figures={figures} words={words} />
    </WidgetCard>
  );
}

/** Any widget, drawn from its kind. */
export function WidgetView({
  widget,
  words,
  source,
}: {
  widget: DashboardWidget;
  words: Words;
  /** Its dashboard and period: with them, the widget offers its figures as CSV. */
  source?: WidgetSource;
}) {
  return (
    <WidgetSourceContext.Provider value={source ?? null}>
      {widget.kind === 'kpi' ? (
        <KpiView widget={widget} words={words} />
      ) : widget.kind === 'table' ? (
        <TableView widget={widget} words={words} />
      ) : (
        <ChartView widget={widget} words={words} />
      )}
    </WidgetSourceContext.Provider>
  );
}

/** A widget's place while the dashboard loads. */
export function WidgetSkeleton({ kpi }: { kpi: boolean }) {
  return (
    <Card withBorder radius="md" padding="md" h="100%" aria-hidden>
      <Skeleton h={14} w="50%" mb="md" />
      <Skeleton h={kpi ? 60 : CHART_HEIGHT} radius="sm" />
    </Card>
  );
}
