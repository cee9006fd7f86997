import type { DashboardWidget, KpiWidget, TableWidget } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  Group,
  Menu,
  Progress,
  Skeleton,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconChartBar,
  IconDownload,
  IconMinus,
  IconTable,
} from '@tabler/icons-react';
import type { ECharts } from 'echarts/core';
import { lazy, type ReactNode, Suspense, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatFigure } from '../../lib/format';
import { type ChartWidget, chartOption } from './chart-options';
import { useChartStyle } from './chart-style';
import classes from './dashboard.module.css';
import { type Figures, figuresOf, formatCell, isNumeric, toCsv } from './figures';
import { summaryOf } from './summary';
import type { Words } from './words';

// The charts' code (ECharts) loads beside the dashboard's, not before it: counters show at once.
const EChart = lazy(() => import('./EChart'));

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

interface ExportMenuProps {
  title: string;
  figures: Figures;
  /** The chart on screen, for the PNG; none for counters and tables. */
  chart?: () => ECharts | null;
  background?: string;
}

function ExportMenu({ title, figures, chart, background }: ExportMenuProps) {
  const { t } = useTranslation('dashboard');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={t('export.label')} withArrow>
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('export.of', { title })}>
            <IconDownload size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {chart ? (
          <Menu.Item
            onClick={() => {
              const shown = chart();
              if (shown)
                download(
                  `${fileName(title)}.png`,
                  shown.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: background }),
                );
            }}
          >
            {t('export.png')}
          </Menu.Item>
        ) : null}
        <Menu.Item
          onClick={() => {
            const url = URL.createObjectURL(new Blob([toCsv(figures)], { type: 'text/csv;charset=utf-8' }));
            download(`${fileName(title)}.csv`, url);
            setTimeout(() => URL.revokeObjectURL(url), 0);
          }}
        >
          {t('export.csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
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

/** The figures as an accessible table, links and badges included. */
function FiguresTable({ title, figures, words }: { title: string; figures: Figures; words: Words }) {
  const { t } = useTranslation('dashboard');
  if (figures.rows.length === 0) return <Empty />;
  return (
    <Table.ScrollContainer minWidth={figures.columns.length > 4 ? 560 : 0} type="native">
      <Table verticalSpacing={6} fz="sm" highlightOnHover className={classes.table}>
        <caption className={classes.hiddenCaption}>{title}</caption>
        <Table.Thead>
          <Table.Tr>
            {figures.columns.map((column) => (
              <Table.Th key={column.key} ta={isNumeric(column.type) ? 'right' : undefined} scope="col">
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.rows.map((row) => (
            <Table.Tr key={row.key}>
              {figures.columns.map((column, index) => {
                const value = row.cells[index] ?? null;
                const text = formatCell(value, column.type, words);
                let content: ReactNode = text;
                if (column.type === 'status' && value !== null)
                  content = (
                    <Badge variant="light" radius="sm" color={statusColour(String(value))}>
                      {text}
                    </Badge>
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
                      <Text size="xs" w={36} ta="right">
                        {text}
                      </Text>
                    </Group>
                  );
                else if (index === 0 && row.href)
                  content = (
                    <Anchor component={Link} to={row.href} size="sm">
                      {text}
                    </Anchor>
                  );
                const Cell = index === 0 ? Table.Th : Table.Td;
                return (
                  <Cell
                    key={column.key}
                    scope={index === 0 ? 'row' : undefined}
                    fw={index === 0 ? 400 : undefined}
                    ta={isNumeric(column.type) ? 'right' : undefined}
                    className={isNumeric(column.type) ? classes.figure : undefined}
                  >
                    {content}
                  </Cell>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
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
  const Arrow = direction === 'up' ? IconArrowUpRight : direction === 'down' ? IconArrowDownRight : IconMinus;
  return (
    <WidgetCard
      title={title}
      href={widget.href}
      actions={<ExportMenu title={title} figures={figuresOf(widget, words)} />}
    >
      <Text fz={28} fw={700} lh={1.15} className={classes.figure} data-kpi-value>
        {widget.prefix}
        {formatFigure(widget.counter, 'count', { decimals: widget.decimals })}
        {widget.suffix}
      </Text>
      <Group gap={6} mt={6} wrap="nowrap">
        {direction ? (
          <Badge
            variant="light"
            radius="sm"
            color={direction === 'up' ? 'teal' : direction === 'down' ? 'red' : 'gray'}
            leftSection={<Arrow size={14} aria-hidden />}
            className={classes.change}
          >
            <VisuallyHidden>{t(`change.${direction}`)} </VisuallyHidden>
            {direction === 'up' ? '+' : ''}
            {formatFigure(change ?? 0, 'percent')}
          </Badge>
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

/** A series, breakdown or heatmap: the chart with its summary, or the table of its figures. */
function ChartView({ widget, words }: { widget: ChartWidget; words: Words }) {
  const { t } = useTranslation('dashboard');
  const style = useChartStyle();
  const navigate = useNavigate();
  const [asTable, setAsTable] = useState(false);
  const chartRef = useRef<ECharts | null>(null);
  const title = words.title(widget.id);
  const figures = useMemo(() => figuresOf(widget, words), [widget, words]);
  const option = useMemo(() => chartOption(widget, style, words), [widget, style, words]);
  const shown = hasFigures(widget);
  const items = widget.kind === 'breakdown' ? widget.items : null;
  const toggle = asTable ? t('showChart') : t('showTable');

  return (
    <WidgetCard
      title={title}
      actions={
        <>
          <Tooltip label={toggle} withArrow>
            <ActionIcon
              variant={asTable ? 'light' : 'subtle'}
              color="gray"
              size="sm"
              aria-label={t('showTable')}
              aria-pressed={asTable}
              onClick={() => setAsTable((table) => !table)}
            >
              {asTable ? <IconChartBar size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
          <ExportMenu
            title={title}
            figures={figures}
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
          <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="sm" />}>
            <EChart
              option={option}
              height={CHART_HEIGHT}
              chartRef={chartRef}
              onItemClick={(index) => {
                const href = items?.[index]?.href;
                if (href) void navigate(href);
              }}
            />
          </Suspense>
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
    <WidgetCard title={title} href={widget.href} actions={<ExportMenu title={title} figures={figures} />}>
      <FiguresTable title={title} figures={figures} words={words} />
    </WidgetCard>
  );
}

/** Any widget, drawn from its kind. */
export function WidgetView({ widget, words }: { widget: DashboardWidget; words: Words }) {
  switch (widget.kind) {
    case 'kpi':
      return <KpiView widget={widget} words={words} />;
    case 'table':
      return <TableView widget={widget} words={words} />;
    default:
      return <ChartView widget={widget} words={words} />;
  }
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
