import { IconHistory } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const auditArea: AreaRegistration = {
  path: '/admin/audit',
  label: 'shell:nav.audit',
  icon: IconHistory,
  section: 'administration',
  permission: 'audit.view',
  pages: [{ path: '/admin/audit', label: 'shell:nav.audit', page: () => import('./AuditPage') }],
};
