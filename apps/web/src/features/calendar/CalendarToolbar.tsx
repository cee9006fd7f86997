import type { CalendarController } from '@fullcalendar/react';
import { ActionIcon, Button, Group, Loader, SegmentedControl, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './calendar.module.css';

/** The views offered, in the switch's order. */
export const calendarViews = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
export type CalendarViewName = (typeof calendarViews)[number];

const viewLabels: Record<CalendarViewName, string> = {
  dayGridMonth: 'views.month',
  timeGridWeek: 'views.week',
  timeGridDay: 'views.day',
  listWeek: 'views.list',
};

/**
 * The calendar's own toolbar in Mantine's controls (FullCalendar's is turned off): today, previous
 * and next, the title of the range shown, and the view switch. It wraps on a phone.
 */
export function CalendarToolbar({ controller, busy }: { controller: CalendarController; busy: boolean }) {
  const { t } = useTranslation('calendar');
  const buttons = controller.getButtonState();
  const view = controller.view;
  return (
    <Group justify="space-between" gap="sm" mb="md" className={classes.toolbar}>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" onClick={() => controller.today()} disabled={buttons.today.isDisabled}>
          {t('toolbar.today')}
        </Button>
        <ActionIcon.Group>
          <ActionIcon
            variant="default"
            size="input-sm"
            onClick={() => controller.prev()}
            aria-label={t('toolbar.previous')}
            title={t('toolbar.previous')}
          >
            <IconChevronLeft size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="input-sm"
            onClick={() => controller.next()}
            aria-label={t('toolbar.next')}
            title={t('toolbar.next')}
          >
            <IconChevronRight size={18} aria-hidden="true" />
          </ActionIcon>
        </ActionIcon.Group>
      </Group>
      <Group gap="xs" wrap="nowrap" className={classes.title}>
        <Title order={2} size="h4" aria-live="polite">
          {view?.title ?? ''}
        </Title>
        {busy ? <Loader size="xs" aria-hidden="true" /> : null}
      </Group>
      <SegmentedControl
        aria-label={t('toolbar.view')}
        value={view?.type ?? 'dayGridMonth'}
        onChange={(next) => controller.changeView(next)}
        data={calendarViews.map((name) => ({ value: name, label: t(viewLabels[name]) }))}
      />
    </Group>
  );
}
