import { IconFolder } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

/** The file manager: one hand-written page (folders, files, uploads, trash, shares). */
export const filesArea: AreaRegistration = {
  path: '/file-manager',
  label: 'shell:nav.fileManager',
  icon: IconFolder,
  section: 'apps',
  access: 'files',
  pages: [{ path: '/file-manager', label: 'shell:nav.fileManager', page: () => import('./FileManagerPage') }],
};
