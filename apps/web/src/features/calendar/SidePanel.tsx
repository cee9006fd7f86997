import { type CalendarOccurrence, type EventCategory, eventCategories } from '@ledgerdesk/contracts';
import {
  Alert,
  Badge,
  Box,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api';
import { calendarApi, calendarKeys, type VisibleRange } from './api';
import classes from './calendar.module.css';
import { CategoryIcon, categoryFill, categoryStyles } from './categories';
import type { LayerName, LayerToggles } from './layers';

interface SidePanelProps {
  range: VisibleRange | null;
  category: EventCategory | null;
  onCategory: (category: EventCategory | null) => void;
  /** The layers the user may see (tasks.view, invoices.view). */
  layerNames: LayerName[];
  toggles: LayerToggles;
  onToggle: (name: LayerName, on: boolean) => void;
  onOpen: (eventId: string) => void;
}

/** Beside the calendar: the next events, the categories (legend, counts and filter), the layers. */
export function SidePanel(props: SidePanelProps) {
  return (
    <Stack gap="lg">
      <UpcomingEvents onOpen={props.onOpen} />
      <Categories range={props.range} category={props.category} onCategory={props.onCategory} />
      {props.layerNames.length > 0 ? (
        <Layers names={props.layerNames} toggles={props.toggles} onToggle={props.onToggle} />
      ) : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `calendar-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h5" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const dayFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short' });
const timeFormat = (language: string) =>
  new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' });

/** When an occurrence is: its day, and its hours unless it lasts all day. */
function whenOf(occurrence: CalendarOccurrence, language: string, allDayText: string) {
  // An all-day start is a date: read it as that day, not as midnight UTC.
  const start = new Date(occurrence.allDay ? `${occurrence.start.slice(0, 10)}T00:00:00` : occurrence.start);
  const day = dayFormat(language).format(start);
  if (occurrence.allDay) return `${day} · ${allDayText}`;
  return `${day} · ${timeFormat(language).formatRange(start, new Date(occurrence.end))}`;
}

function UpcomingEvents({ onOpen }: { onOpen: (eventId: string) => void }) {
  const { t, i18n } = useTranslation('calendar');
  const upcoming = useQuery({
    queryKey: calendarKeys.upcoming,
    queryFn: ({ signal }) => calendarApi.upcoming(signal),
  });
  let body: ReactNode;
  if (upcoming.isPending) body = <Skeleton h={120} />;
  else if (upcoming.isError)
    body = (
      <Alert color="red" role="alert" p="xs">
        {errorMessageOf(upcoming.error)}
      </Alert>
    );
  else if (upcoming.data.length === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('upcoming.empty')}
      </Text>
    );
  else
    body = (
      <Stack gap={4} component="ul" className={classes.plainList}>
        {upcoming.data.map((occurrence) => (
          <li key={occurrence.id}>
            <UnstyledButton className={classes.upcoming} onClick={() => onOpen(occurrence.eventId)}>
              <span
                className={classes.swatch}
                style={{
                  background: categoryFill(occurrence.category),
                }}
                aria-hidden="true"
              />
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {occurrence.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {whenOf(occurrence, i18n.language, t('event.allDay'))}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Box
                    c={`var(--mantine-color-${categoryStyles[occurrence.category].color}-text)`}
                    display="flex"
                  >
                    <CategoryIcon category={occurrence.category} size={12} />
                  </Box>
                  <Text size="xs" c="dimmed">
                    {t(`categories.${occurrence.category}`)}
                  </Text>
                </Group>
              </Stack>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    );
  return <Section title={t('upcoming.title')}>{body}</Section>;
}

/** The legend: each category's colour, icon and name, with its count in the range; a click filters. */
function Categories({
  range,
  category,
  onCategory,
}: {
  range: VisibleRange | null;
  category: EventCategory | null;
  onCategory: (category: EventCategory | null) => void;
}) {
  const { t } = useTranslation('calendar');
  const counts = useQuery({
    queryKey: calendarKeys.categories(range ?? { start: '', end: '' }),
    queryFn: ({ signal }) => calendarApi.categories(range as VisibleRange, signal),
    enabled: range !== null,
  });
  const countOf = (name: EventCategory) => counts.data?.find((entry) => entry.id === name)?.count ?? 0;
  return (
    <Section title={t('categories.title')}>
      {counts.isError ? (
        <Alert color="red" role="alert" p="xs" mb="xs">
          {errorMessageOf(counts.error)}
        </Alert>
      ) : null}
      <Stack gap={4} component="ul" className={classes.plainList}>
        {eventCategories.map((name) => {
          const active = category === name;
          return (
            <li key={name}>
              <UnstyledButton
                className={classes.category}
                data-active={active || undefined}
                aria-pressed={active}
                onClick={() => onCategory(active ? null : name)}
                title={
                  active
                    ? t('categories.showAll')
                    : t('categories.only', { category: t(`categories.${name}`) })
                }
              >
                <Group gap="xs" wrap="nowrap">
                  <span
                    className={classes.swatch}
                    style={{ background: categoryFill(name) }}
                    aria-hidden="true"
                  />
                  <CategoryIcon category={name} />
                  <Text size="sm">{t(`categories.${name}`)}</Text>
                </Group>
                <Badge variant="default" title={t('categories.count', { count: countOf(name) })}>
                  {counts.isPending ? '…' : countOf(name)}
                </Badge>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
      {category ? (
        <Text size="xs" c="dimmed" mt="xs" aria-live="polite">
          {t('categories.filtered', { category: t(`categories.${category}`) })}
        </Text>
      ) : null}
    </Section>
  );
}

function Layers({
  names,
  toggles,
  onToggle,
}: {
  names: LayerName[];
  toggles: LayerToggles;
  onToggle: (name: LayerName, on: boolean) => void;
}) {
  const { t } = useTranslation('calendar');
  return (
    <Section title={t('layers.title')}>
      <Stack gap="sm">
        {names.map((name) => (
          <Switch
            key={name}
            label={t(`layers.${name}.toggle`)}
            description={t(`layers.${name}.description`)}
            checked={toggles[name]}
            onChange={(event) => onToggle(name, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </Section>
  );
}
