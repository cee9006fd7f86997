import { IconMail } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

/** The mailbox: one hand-written page (with Tiptap for the composer), loaded with its route. */
export const mailArea: AreaRegistration = {
  path: '/mailbox',
  label: 'shell:nav.mailbox',
  icon: IconMail,
  section: 'apps',
  permission: 'mail.use',
  pages: [{ path: '/mailbox', label: 'shell:nav.mailbox', page: () => import('./MailboxPage') }],
};
