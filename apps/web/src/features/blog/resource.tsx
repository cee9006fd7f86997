import {
  BLOG_BODY_TAGS,
  BLOG_LINK_SCHEMES,
  type PostInput,
  type PostRecord,
  postInput,
  postInputOf,
  postStatuses,
} from '@ledgerdesk/contracts';
import {
  Anchor,
  Avatar,
  Box,
  Card,
  Group,
  Image,
  SegmentedControl,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconLayoutGrid, IconList, IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PictureField, usePictureChoice } from '../../components/attachments/PictureField';
import { LikeButton } from '../../components/LikeButton';
import { SafeHtml } from '../../components/SafeHtml';
import { StatusBadge } from '../../components/StatusBadge';
import { errorMessageOf } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { dateCell, statusBadge } from '../../resources/cells';
import { ResourceCardsPage } from '../../resources/ResourceCards';
import { ResourceDetailPage } from '../../resources/ResourceDetailPage';
import { ResourceFormPage } from '../../resources/ResourceFormPage';
import { ResourceListPage } from '../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../resources/types';
import { postsPage } from './area';
import { BlogTabs } from './BlogTabs';
import classes from './blog.module.css';
import { PostBodyField } from './PostBodyField';
import { PostComments } from './PostComments';

const statusColours = { published: 'teal', draft: 'gray' };

/** The cover's small picture in the table, or nothing. */
function CoverThumb({ post }: { post: PostRecord }) {
  return post.cover ? (
    <Image src={post.cover.thumbnailUrl ?? post.cover.url} alt="" w={56} h={36} radius="sm" fit="cover" />
  ) : (
    <Box w={56} h={36} className={classes.noCover} />
  );
}

/** Blog posts (SPEC §3 "Blog item": badge, title, author, date), in a table or as cards. */
export const posts: ResourceDefinition<PostRecord, PostInput> = {
  ns: 'blog',
  api: '/blog/posts',
  route: postsPage.path,
  area: 'blog',
  keyOf: (post) => post.id,
  titleOf: (post) => post.title,
  columns: [
    { id: 'cover', width: 72, cell: (post) => <CoverThumb post={post} /> },
    { id: 'title', sortable: true, grow: true },
    {
      id: 'badgeText',
      width: 140,
      cell: (post) => (post.badgeText ? <StatusBadge color="blue">{post.badgeText}</StatusBadge> : null),
    },
    { id: 'author', sortable: true, width: 170, cell: (post) => post.author?.name ?? '—', priority: 2 },
    { id: 'publishedAt', sortable: true, width: 140, cell: dateCell('publishedAt') },
    { id: 'status', sortable: true, width: 120, cell: statusBadge('status', statusColours), priority: 2 },
    { id: 'likes', sortable: true, align: 'right', width: 90, priority: 3 },
    { id: 'comments', sortable: true, align: 'right', width: 120, priority: 3 },
  ],
  filters: [{ name: 'status', options: postStatuses }],
  input: postInput,
  fields: [
    { name: 'title', kind: 'text', required: true, wide: true },
    { name: 'badgeText', kind: 'text', hint: 'hints.badgeText' },
    { name: 'status', kind: 'select', options: postStatuses },
    { name: 'slug', kind: 'text', hint: 'hints.slug', wide: true },
  ],
  emptyValues: { title: '', slug: '', badgeText: '', body: '', status: 'draft', publishedAt: null },
  toInput: postInputOf,
  status: { id: 'status', value: statusBadge('status', statusColours) },
  detail: [],
};

export const resource: ResourceModule['resource'] = posts;

/** The list or the grid, kept in the address (`?view=list`); the grid is the default. */
export function ListPage() {
  const { t } = useTranslation('blog');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'list' ? 'list' : 'grid';
  const switcher = (
    <Group justify="space-between" wrap="wrap" mb="md" gap="sm">
      <BlogTabs />
      <SegmentedControl
        aria-label={t('views.label')}
        value={view}
        onChange={(value) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (value === 'grid') next.delete('view');
              else next.set('view', value);
              return next;
            },
            { replace: true },
          )
        }
        data={[
          {
            value: 'grid',
            label: (
              <Group gap={6} wrap="nowrap">
                <IconLayoutGrid size={16} aria-hidden="true" />
                {t('views.grid')}
              </Group>
            ),
          },
          {
            value: 'list',
            label: (
              <Group gap={6} wrap="nowrap">
                <IconList size={16} aria-hidden="true" />
                {t('views.list')}
              </Group>
            ),
          },
        ]}
      />
    </Group>
  );
  return view === 'list' ? (
    <ResourceListPage def={posts}>{switcher}</ResourceListPage>
  ) : (
    <ResourceCardsPage def={posts} pageSize={9} card={(post) => <PostCard post={post} />}>
      {switcher}
    </ResourceCardsPage>
  );
}

/** Who wrote it and when: the avatar's initials, the name, the date. */
export function Byline({ post }: { post: PostRecord }) {
  const { t } = useTranslation('blog');
  const name = post.author?.name ?? t('post.formerUser');
  const initials = name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Group gap="xs" wrap="nowrap">
      <Avatar size={28} radius="xl" color="blue" aria-hidden="true">
        {initials}
      </Avatar>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="sm" c="dimmed">
        ·
      </Text>
      {post.publishedAt ? (
        <Text size="sm" c="dimmed" component="time" dateTime={post.publishedAt}>
          {formatDate(post.publishedAt)}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          {t('values.status.draft')}
        </Text>
      )}
    </Group>
  );
}

function PostCard({ post }: { post: PostRecord }) {
  const { t } = useTranslation('blog');
  return (
    <Card withBorder radius="md" padding="lg" h="100%" className={classes.card}>
      <Card.Section>
        {post.cover ? (
          <Image src={post.cover.thumbnailUrl ?? post.cover.url} alt="" h={180} fit="cover" />
        ) : (
          <Box h={180} className={classes.noCover} />
        )}
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group gap="xs">
          {post.badgeText ? <StatusBadge color="blue">{post.badgeText}</StatusBadge> : null}
          {post.status === 'draft' ? (
            <StatusBadge color="gray">{t('values.status.draft')}</StatusBadge>
          ) : null}
        </Group>
        <Anchor
          component={Link}
          to={`${posts.route}/${post.id}`}
          fw={600}
          size="lg"
          c="var(--mantine-color-text)"
          lineClamp={2}
        >
          {post.title}
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {post.excerpt}
        </Text>
        <Group justify="space-between" mt="auto" pt="xs" wrap="nowrap">
          <Byline post={post} />
          <Group gap={4} wrap="nowrap" c="dimmed">
            <IconMessage size={16} aria-hidden="true" />
            <Text size="sm">{post.comments}</Text>
            <VisuallyHidden>{t('post.commentCount', { count: post.comments })}</VisuallyHidden>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/** A post as its readers see it: cover, badge, byline, body, likes, then its comments. */
export function DetailPage() {
  const { t } = useTranslation('blog');
  return (
    <ResourceDetailPage
      def={posts}
      actions={(post) =>
        post.status === 'published' ? (
          <LikeButton
            path={`${posts.api}/${post.id}/like`}
            records={posts.api}
            liked={post.liked}
            likes={post.likes}
          />
        ) : null
      }
    >
      {(post) => (
        <Stack gap="lg" className={classes.article}>
          {post.cover ? <Image src={post.cover.url} alt="" radius="md" mah={420} fit="cover" /> : null}
          <Group gap="sm" justify="space-between" wrap="wrap">
            <Byline post={post} />
            {post.badgeText ? <StatusBadge color="blue">{post.badgeText}</StatusBadge> : null}
          </Group>
          <SafeHtml
            html={post.body}
            tags={BLOG_BODY_TAGS}
            linkSchemes={BLOG_LINK_SCHEMES}
            className={classes.body}
          />
          <Box component="section" aria-labelledby="post-comments">
            <Title order={2} size="h4" id="post-comments" mb="sm">
              {t('comments.title', { count: post.comments })}
            </Title>
            {post.status === 'published' ? (
              <PostComments postId={post.id} />
            ) : (
              <Text c="dimmed" size="sm">
                {t('comments.notPublished')}
              </Text>
            )}
          </Box>
        </Stack>
      )}
    </ResourceDetailPage>
  );
}

/** The editor: title, badge, status, slug; the cover; the body as rich text. */
export function FormPage() {
  const { id } = useParams();
  const { t } = useTranslation('blog');
  const cover = usePictureChoice(posts.api);
  return (
    <ResourceFormPage
      def={posts}
      childFields={['body']}
      afterSave={async (post) => {
        // The post is saved either way: a picture refused is said, and can be chosen again.
        await cover
          .save(post.id)
          .catch((error: unknown) => notifyError(errorMessageOf(error), { title: t('cover.notSaved') }));
      }}
    >
      <PictureField choice={cover} recordId={id} label={t('fields.cover')} />
      <PostBodyField />
    </ResourceFormPage>
  );
}
