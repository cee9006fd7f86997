import { IconFileInvoice } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const invoicesPage = {
  path: '/apps/invoices',
  label: 'shell:nav.invoices',
  action: 'shell:palette.actions.newInvoice',
  resource: () => import('./resource'),
};

export const invoicesArea: AreaRegistration = {
  path: invoicesPage.path,
  label: 'shell:nav.invoices',
  icon: IconFileInvoice,
  section: 'apps',
  access: 'invoices',
  pages: [invoicesPage],
};
