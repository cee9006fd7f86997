import { IconCalendar } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

/** The calendar: one hand-written page (FullCalendar and its side panel), loaded with its route. */
export const calendarArea: AreaRegistration = {
  path: '/calendar',
  label: 'shell:nav.calendar',
  icon: IconCalendar,
  section: 'apps',
  access: 'calendar',
  pages: [{ path: '/calendar', label: 'shell:nav.calendar', page: () => import('./CalendarPage') }],
};
