import { type VideoInput, type VideoRecord, videoInput, videoInputOf } from '@ledgerdesk/contracts';
import { Anchor } from '@mantine/core';
import { dateCell } from '../../../resources/cells';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { videosPage } from '../area';
import { BlogTabs } from '../BlogTabs';

const link = (field: 'siteLink' | 'videoLink') => (video: VideoRecord) => (
  <Anchor href={video[field]} target="_blank" rel="noopener noreferrer" size="sm">
    {video[field]}
  </Anchor>
);

/** Videos (SPEC §3 "Video item"): written by blog.manage, shown on the social page. */
const videos: ResourceDefinition<VideoRecord, VideoInput> = {
  ns: 'blog/videos',
  api: '/blog/videos',
  route: videosPage.path,
  area: 'blog',
  keyOf: (video) => video.id,
  titleOf: (video) => video.title,
  columns: [
    { id: 'title', sortable: true },
    { id: 'videoLink', cell: link('videoLink'), truncate: 260, priority: 3 },
    { id: 'siteLink', cell: link('siteLink'), truncate: 260, hidden: true },
    { id: 'description', hidden: true },
    { id: 'likes', sortable: true, align: 'right' },
    { id: 'comments', sortable: true, align: 'right' },
    { id: 'createdAt', sortable: true, cell: dateCell('createdAt'), priority: 2 },
  ],
  input: videoInput,
  fields: [
    { name: 'title', kind: 'text', required: true, wide: true },
    { name: 'videoLink', kind: 'text', type: 'url', required: true },
    { name: 'siteLink', kind: 'text', type: 'url', required: true },
    { name: 'comments', kind: 'number', min: 0 },
    { name: 'description', kind: 'textarea', rows: 4 },
  ],
  emptyValues: { title: '', siteLink: '', videoLink: '', description: '', comments: 0 },
  toInput: videoInputOf,
};

export const resource: ResourceModule['resource'] = videos;

export function ListPage() {
  return (
    <ResourceListPage def={videos}>
      <BlogTabs />
    </ResourceListPage>
  );
}
