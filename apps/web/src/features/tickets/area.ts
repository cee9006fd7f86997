import { IconTicket } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const ticketsPage = {
  path: '/apps/tickets',
  label: 'shell:nav.tickets',
  action: 'shell:palette.actions.newTicket',
  resource: () => import('./resource'),
};

export const ticketsArea: AreaRegistration = {
  path: ticketsPage.path,
  label: 'shell:nav.tickets',
  icon: IconTicket,
  section: 'apps',
  access: 'tickets',
  pages: [ticketsPage],
};
