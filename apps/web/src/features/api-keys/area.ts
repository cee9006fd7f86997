import { IconApiApp } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const apiKeysPage = {
  path: '/apps/api-keys',
  label: 'shell:nav.apiKeys',
  resource: () => import('./resource'),
};

export const apiKeysArea: AreaRegistration = {
  path: apiKeysPage.path,
  label: 'shell:nav.apiKeys',
  icon: IconApiApp,
  section: 'apps',
  access: 'apiKeys',
  pages: [apiKeysPage],
};
