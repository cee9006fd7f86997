import { IconCurrencyDollar } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

/** Pricing: one hand-written page (the plan tables, the monthly/yearly switch, the FAQs). */
export const pricingArea: AreaRegistration = {
  path: '/pricing',
  label: 'shell:nav.pricing',
  icon: IconCurrencyDollar,
  section: 'pages',
  access: 'plans',
  pages: [{ path: '/pricing', label: 'shell:nav.pricing', page: () => import('./PricingPage') }],
};
