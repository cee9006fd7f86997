import { IconBooks } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';
import { LEVELS, levelLabel, levelListUrl } from './levels';

/** The code library: its browser, one list page per level (for bulk work), import and export. */
export const libraryArea: AreaRegistration = {
  path: '/library',
  label: 'shell:nav.library',
  icon: IconBooks,
  section: 'administration',
  access: 'library',
  pages: [
    { path: '/library', label: 'library:tabs.browser', page: () => import('./LibraryPage') },
    ...LEVELS.map((level) => ({
      path: levelListUrl(level),
      label: 'library:tabs.level',
      labelValues: { level: levelLabel(level) },
      page: () => import('./LevelListPage').then((module) => ({ Component: module.levelListPages[level] })),
    })),
    {
      path: '/library/import',
      label: 'library:tabs.importExport',
      action: 'shell:palette.actions.importCodes',
      permission: 'library.manage',
      page: () => import('./ImportPage'),
    },
  ],
};
