import { IconMessages } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

/** The chat: one hand-written page (rooms, contacts, the open conversation in `?room=`). */
export const chatArea: AreaRegistration = {
  path: '/chat',
  label: 'shell:nav.chat',
  icon: IconMessages,
  section: 'apps',
  permission: 'chat.use',
  pages: [{ path: '/chat', label: 'shell:nav.chat', page: () => import('./ChatPage') }],
};
