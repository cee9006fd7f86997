import { IconPhoto } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const imagesPage = {
  path: '/gallery/images',
  label: 'gallery:tabs.images',
  action: 'shell:palette.actions.newImage',
  resource: () => import('./resource'),
};

export const categoriesPage = {
  path: '/gallery/categories',
  label: 'gallery:tabs.categories',
  resource: () => import('./categories/resource'),
};

export const galleryArea: AreaRegistration = {
  path: '/gallery',
  label: 'shell:nav.gallery',
  icon: IconPhoto,
  section: 'pages',
  access: 'gallery',
  pages: [imagesPage, categoriesPage],
};
