import { IconArticle } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const postsPage = {
  path: '/blog/posts',
  label: 'blog:tabs.posts',
  action: 'shell:palette.actions.newPost',
  resource: () => import('./resource'),
};

/** Videos and the statistics of the office's social networks. */
export const socialPage = {
  path: '/blog/social',
  label: 'blog:tabs.social',
  page: () => import('./SocialPage'),
};

export const videosPage = {
  path: '/blog/videos',
  label: 'blog:tabs.videos',
  resource: () => import('./videos/resource'),
};

export const blogArea: AreaRegistration = {
  path: '/blog',
  label: 'shell:nav.blog',
  icon: IconArticle,
  section: 'pages',
  access: 'blog',
  pages: [postsPage, socialPage, videosPage],
};
