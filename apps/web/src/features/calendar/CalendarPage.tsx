import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';

import FullCalendar, {
  type DateSelectInfo,
  type DatesSetInfo,
  type EventClickInfo,
  type EventDisplayInfo,
  type EventDropInfo,
  type EventInput,
  type EventResizeDoneInfo,
  useCalendarController,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import frLocale from '@fullcalendar/react/locales/fr';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { type CalendarOccurrence, calendarLayerNames, type EventCategory } from '@ledgerdesk/contracts';
import { Alert, Box, Button, Grid, Group, Loader, Paper, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChecklist, IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { currentLanguage } from '../../i18n';
import { errorMessageOf } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { usePreferences } from '../../lib/preferences';
import { firstDayOf } from '../../lib/week-start';
import { calendarApi, calendarKeys, type VisibleRange } from './api';
import { CalendarToolbar, type CalendarViewName, calendarViews } from './CalendarToolbar';
import classes from './calendar.module.css';
import { CategoryIcon, categoryFill, categoryText } from './categories';
import { localDay, nextHour, type Shift, shifted, spanFrom } from './dates';
import { EventDialog, type EventDraft } from './EventDialog';
import { type LayerName, layerEntries, useLayerToggles } from './layers';
import { SidePanel } from './SidePanel';
import { SubscribeMenu } from './SubscribeMenu';

const isViewName = (value: string | null): value is CalendarViewName =>
  (calendarViews as readonly (string | null)[]).includes(value);

/** What the dialog shows: a new event (from a selected range or the button) or an existing one. */
type DialogState = { kind: 'new'; draft: EventDraft } | { kind: 'event'; id: string } | null;

/**
 * The calendar (issue 13): month, week, day and list views of the events the user may see, asked for
 * the visible range only; create by selecting a range or with the button; drag to move and resize to
 * change the length (with Undo); the upcoming events, the categories with their counts (a filter) and
 * the read-only task and invoice layers beside it.
 */
export function CalendarPage() {
  const { t } = useTranslation(['calendar', 'common']);
  const title = t('title');
  usePageTitle(title);
  const can = useCan();
  const mayManage = can('calendar.manage');
  const { weekStart } = usePreferences();
  const language = currentLanguage();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const controller = useCalendarController();

  const viewParam = params.get('view');
  const initialView: CalendarViewName = isViewName(viewParam)
    ? viewParam
    : phone
      ? 'listWeek'
      : 'dayGridMonth';
  const dateParam = params.get('date');
  const initialDate = dateParam && /^\d{4}-\d{2}-\d{2}$/.test(dateParam) ? dateParam : undefined;
  const categoryParam = params.get('category');
  const category =
    (['success', 'info', 'warning', 'danger'] as const).find((name) => name === categoryParam) ?? null;

  const [range, setRange] = useState<VisibleRange | null>(null);
  const [viewType, setViewType] = useState<string>(initialView);
  const [dialog, setDialog] = useState<DialogState>(null);
  const { toggles, toggle } = useLayerToggles();
  // The layers the user may see: a task's or an invoice's due date needs its area's view permission.
  const layerNames = useMemo(() => calendarLayerNames.filter((name) => can(`${name}.view`)), [can]);

  const occurrences = useQuery({
    queryKey: calendarKeys.occurrences(range ?? { start: '', end: '' }),
    queryFn: ({ signal }) => calendarApi.occurrences(range as VisibleRange, signal),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
  const anyLayer = layerNames.some((name) => toggles[name]);
  const layers = useQuery({
    queryKey: calendarKeys.layers(range ?? { start: '', end: '' }),
    queryFn: ({ signal }) => calendarApi.layers(range as VisibleRange, signal),
    enabled: range !== null && anyLayer,
    placeholderData: keepPreviousData,
  });

  const events = useMemo<EventInput[]>(() => {
    const shown = (occurrences.data ?? []).filter(
      (occurrence) => !category || occurrence.category === category,
    );
    const own = shown.map((occurrence) => ({
      id: occurrence.id,
      title: occurrence.title,
      start: occurrence.start,
      end: occurrence.end,
      allDay: occurrence.allDay,
      color: categoryFill(occurrence.category),
      contrastColor: categoryText(occurrence.category),
      className: `category-${occurrence.category}`,
      editable: mayManage && occurrence.mayEdit,
      extendedProps: { occurrence },
    }));
    const onLayers = layerEntries(
      layers.data,
      {
        tasks: toggles.tasks && layerNames.includes('tasks'),
        invoices: toggles.invoices && layerNames.includes('invoices'),
      },
      (name, itemTitle) => t(`layers.${name}.entry`, { title: itemTitle }),
    );
    return [...own, ...onLayers];
  }, [occurrences.data, layers.data, category, mayManage, toggles, layerNames, t]);

  const setCategory = (next: EventCategory | null) =>
    setParams(
      (current) => {
        if (next) current.set('category', next);
        else current.delete('category');
        return current;
      },
      { replace: true },
    );

  const onDatesSet = (info: DatesSetInfo) => {
    const next = { start: info.start.toISOString(), end: info.end.toISOString() };
    setRange((current) => (current?.start === next.start && current.end === next.end ? current : next));
    setViewType(info.view.type);
    const date = localDay(info.view.currentStart);
    if (params.get('view') !== info.view.type || params.get('date') !== date)
      setParams(
        (current) => {
          current.set('view', info.view.type);
          current.set('date', date);
          return current;
        },
        { replace: true },
      );
  };

  const refresh = () => client.invalidateQueries({ queryKey: calendarKeys.root });

  /**
   * A drag or resize of an occurrence: the event (the whole series) shifted by the same amounts, in
   * its own time zone, with the version read; Undo puts the previous start and end back.
   */
  const change = async (
    info: EventDropInfo | EventResizeDoneInfo,
    startShift: Shift,
    endShift: Shift,
    moved: boolean,
  ) => {
    const occurrence = info.event.extendedProps.occurrence as CalendarOccurrence | undefined;
    if (!occurrence) return info.revert();
    try {
      const record = await calendarApi.event(occurrence.eventId);
      const allDay = info.event.allDay;
      let times: { start: string; end: string };
      if (allDay !== record.allDay) {
        // Between the all-day row and the hours: a day, or an hour from where it was dropped.
        times = spanFrom(shifted(record.start, record.timeZone, startShift), record.timeZone, allDay);
      } else {
        times = {
          start: shifted(record.start, record.timeZone, startShift),
          end: shifted(record.end, record.timeZone, endShift),
        };
      }
      const saved = await calendarApi.update(record.id, { version: record.version, allDay, ...times });
      const before = { start: record.start, end: record.end, allDay: record.allDay };
      await refresh();
      notifySuccess(t(moved ? 'toasts.moved' : 'toasts.resized', { title: record.title }), {
        action: {
          label: t('toasts.undo'),
          onClick: () => {
            calendarApi
              .update(record.id, { version: saved.data.version, ...before })
              .then(() => {
                notifySuccess(t('toasts.undone', { title: record.title }));
                return refresh();
              })
              .catch((error: unknown) =>
                notifyError(errorMessageOf(error), { title: t('toasts.undoFailed') }),
              );
          },
        },
      });
    } catch (error) {
      info.revert();
      notifyError(errorMessageOf(error), { title: t(moved ? 'toasts.moveFailed' : 'toasts.resizeFailed') });
      void refresh();
    }
  };

  const onEventClick = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const href = info.event.extendedProps.href as string | undefined;
    if (href) {
      navigate(href);
      return;
    }
    const occurrence = info.event.extendedProps.occurrence as CalendarOccurrence | undefined;
    if (occurrence) setDialog({ kind: 'event', id: occurrence.eventId });
  };

  const onSelect = (info: DateSelectInfo) => {
    setDialog({ kind: 'new', draft: { start: info.start, end: info.end, allDay: info.allDay } });
  };

  const addFromButton = () => {
    const start = nextHour();
    setDialog({ kind: 'new', draft: { start, end: new Date(start.getTime() + 3_600_000), allDay: false } });
  };

  return (
    <>
      <PageHeader
        title={title}
        actions={
          <Group gap="sm">
            <SubscribeMenu />
            {mayManage ? (
              <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addFromButton}>
                {t('actions.add')}
              </Button>
            ) : null}
          </Group>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 9 }}>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} className={classes.calendar}>
            <CalendarToolbar controller={controller} busy={occurrences.isFetching} />
            {occurrences.isError ? (
              <Alert color="red" role="alert" title={t('errors.load')} mb="sm">
                <Group justify="space-between">
                  <span>{errorMessageOf(occurrences.error)}</span>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => void occurrences.refetch()}
                  >
                    {t('common:actions.tryAgain')}
                  </Button>
                </Group>
              </Alert>
            ) : null}
            <Box pos="relative">
              {occurrences.isPending && range !== null ? (
                <Loader size="sm" className={classes.loading} aria-label={t('loading')} />
              ) : null}
              <FullCalendar
                controller={controller}
                plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
                initialView={initialView}
                initialDate={initialDate}
                className={classes.root}
                headerToolbar={false}
                locale={language === 'fr' ? frLocale : undefined}
                firstDay={firstDayOf(weekStart, language)}
                // The hours scroll inside a fixed height; the month and the list take what they need.
                height={viewType.startsWith('timeGrid') ? 720 : 'auto'}
                scrollTime="08:00:00"
                nowIndicator
                dayMaxEvents
                navLinks
                eventInteractive
                events={events}
                datesSet={onDatesSet}
                editable={mayManage}
                selectable={mayManage}
                selectMirror
                select={onSelect}
                eventClick={onEventClick}
                eventDrop={(info) => void change(info, info.delta, info.delta, true)}
                eventResize={(info) => void change(info, info.startDelta, info.endDelta, false)}
                eventClass={classes.event}
                moreLinkClass={classes.moreLink}
                eventContent={(arg) => <EventLabel arg={arg} />}
                eventDidMount={describeEvent}
                noEventsContent={() => t('empty')}
              />
            </Box>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 3 }}>
          <SidePanel
            range={range}
            category={category}
            onCategory={setCategory}
            layerNames={layerNames}
            toggles={toggles}
            onToggle={toggle}
            onOpen={(id) => setDialog({ kind: 'event', id })}
          />
        </Grid.Col>
      </Grid>
      <EventDialog
        opened={dialog !== null}
        eventId={dialog?.kind === 'event' ? dialog.id : null}
        draft={dialog?.kind === 'new' ? dialog.draft : null}
        onClose={() => setDialog(null)}
        onSaved={() => void refresh()}
      />
    </>
  );
}

/**
 * An event's face: its category's icon and name (the name for screen readers: colour is never
 * alone), its time and its title.
 */
function EventLabel({ arg }: { arg: EventDisplayInfo }) {
  const { t } = useTranslation('calendar');
  const occurrence = arg.event.extendedProps.occurrence as CalendarOccurrence | undefined;
  const layer = arg.event.extendedProps.layer as LayerName | undefined;
  const LayerIcon = layer === 'tasks' ? IconChecklist : IconFileInvoice;
  return (
    <span className={classes.eventLabel} data-wrap={arg.view.type.startsWith('list') || undefined}>
      {occurrence ? <CategoryIcon category={occurrence.category} size={12} /> : null}
      {layer ? <LayerIcon size={12} aria-hidden="true" /> : null}
      {occurrence ? (
        <VisuallyHidden>
          {t('event.categoryNamed', { category: t(`categories.${occurrence.category}`) })}
          {occurrence.recurring ? `, ${t('event.recurring')}` : ''}:
        </VisuallyHidden>
      ) : null}
      {arg.timeText ? <span className={arg.timeClass}>{arg.timeText}</span> : null}
      <span className={arg.titleClass}>{arg.event.title}</span>
    </span>
  );
}

/** The tooltip of an event whose title is cut short in a narrow cell. */
function describeEvent(arg: EventDisplayInfo & { el: HTMLElement }) {
  const occurrence = arg.event.extendedProps.occurrence as CalendarOccurrence | undefined;
  arg.el.setAttribute('title', [arg.event.title, occurrence?.location].filter(Boolean).join(' · '));
}

export { CalendarPage as Component };
