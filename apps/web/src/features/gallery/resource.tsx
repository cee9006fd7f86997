import {
  type GalleryCategoryRecord,
  type GalleryImageInput,
  type GalleryImageRecord,
  galleryImageInput,
  galleryImageInputOf,
} from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Chip,
  Group,
  Image,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconMessage, IconPencil, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PictureField, usePictureChoice } from '../../components/attachments/PictureField';
import { LikeButton } from '../../components/LikeButton';
import { PageHeader } from '../../components/PageHeader';
import { SearchInput } from '../../components/SearchInput';
import { StatusBadge } from '../../components/StatusBadge';
import { api, errorMessageOf } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { queryKeys } from '../../lib/query-keys';
import { useTableUrlState } from '../../lib/table-url-state';
import { AddRecordButton } from '../../resources/AddRecordButton';
import { useResourceList } from '../../resources/api';
import { dateCell } from '../../resources/cells';
import { ResourceDetailPage } from '../../resources/ResourceDetailPage';
import { ResourceFormPage } from '../../resources/ResourceFormPage';
import type { ResourceDefinition, ResourceModule } from '../../resources/types';
import { imagesPage } from './area';
import { GalleryTabs } from './GalleryTabs';
import classes from './gallery.module.css';

const CATEGORIES = '/gallery/categories';
const PAGE_SIZE = 12;
/** The list's one filter (the chips'); widened as the resource list takes filters. */
const FILTERS: string[] = ['category'];

/** Gallery images (SPEC §3 "Gallery item": title, author, likes, comments, category). */
export const images: ResourceDefinition<GalleryImageRecord, GalleryImageInput> = {
  ns: 'gallery',
  api: '/gallery/images',
  route: imagesPage.path,
  area: 'gallery',
  keyOf: (image) => image.id,
  titleOf: (image) => image.title,
  columns: [
    { id: 'title', sortable: true },
    { id: 'category', sortable: true, cell: (image) => image.category?.name ?? '—' },
    { id: 'author', sortable: true, cell: (image) => image.author?.name ?? '—' },
    { id: 'likes', sortable: true, align: 'right' },
    { id: 'comments', sortable: true, align: 'right' },
    { id: 'createdAt', sortable: true, cell: dateCell('createdAt') },
  ],
  input: galleryImageInput,
  fields: [
    { name: 'title', kind: 'text', required: true },
    {
      name: 'categoryId',
      kind: 'reference',
      api: CATEGORIES,
      keyOf: (category: GalleryCategoryRecord) => category.id,
      labelOf: (category: GalleryCategoryRecord) => category.name,
    },
    { name: 'description', kind: 'textarea', rows: 3 },
  ],
  emptyValues: { title: '', description: '', categoryId: null },
  toInput: galleryImageInputOf,
  detail: [
    { id: 'category', value: (image) => image.category?.name ?? '—' },
    { id: 'author', value: (image) => image.author?.name ?? '—' },
    { id: 'likes' },
    { id: 'comments' },
    { id: 'createdAt', value: dateCell('createdAt') },
    { id: 'description', wide: true },
  ],
};

export const resource: ResourceModule['resource'] = images;

/** The categories as chips ("All" first): one picked narrows the grid, kept in the address. */
function CategoryChips({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('gallery');
  const query = { page: 1, pageSize: 100, ordering: 'name' };
  const list = useQuery({
    queryKey: queryKeys.list(CATEGORIES, query),
    queryFn: ({ signal }) => api.get<{ results: GalleryCategoryRecord[] }>(CATEGORIES, { query, signal }),
  });
  const categories = list.data?.results ?? [];
  return (
    <Chip.Group multiple={false} value={value ?? ''} onChange={(id) => onChange(id || null)}>
      <Group gap="xs" role="group" aria-label={t('filter.label')}>
        <Chip value="" variant="outline">
          {t('filter.all')}
        </Chip>
        {categories.map((category) => (
          <Chip key={category.id} value={category.id} variant="outline">
            {`${category.name} (${formatNumber(category.images)})`}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** The gallery: categories, search, a grid of pictures; a picture opens in the lightbox. */
export function ListPage() {
  const { t } = useTranslation(['gallery', 'common']);
  const title = t('title');
  usePageTitle(title);
  const table = useTableUrlState({ filters: FILTERS, defaultPageSize: PAGE_SIZE });
  const list = useResourceList(images, table.query);
  const [open, setOpen] = useState<number | null>(null);
  const shown = list.data?.results ?? [];
  const count = list.data?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / table.pageSize));

  return (
    <>
      <PageHeader title={title} actions={<AddRecordButton def={images} />} />
      <GalleryTabs />
      <Stack gap="md" mb="md">
        <CategoryChips value={table.filters.category} onChange={(id) => table.setFilter('category', id)} />
        <SearchInput
          value={table.search}
          onChange={table.setSearch}
          label={t('common:resource.search')}
          placeholder={t('common:resource.searchPlaceholder', { many: t('many') })}
        />
      </Stack>
      {list.isError ? (
        <Alert color="red" role="alert">
          {errorMessageOf(list.error)}
        </Alert>
      ) : !list.data ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} h={200} radius="md" />
          ))}
        </SimpleGrid>
      ) : count === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('common:resource.noMatch', { many: t('many') })}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="md" role="list" aria-label={title}>
          {shown.map((image, index) => (
            <Box key={image.id} role="listitem">
              <Tile image={image} onOpen={() => setOpen(index)} />
            </Box>
          ))}
        </SimpleGrid>
      )}
      {pageCount > 1 ? (
        <Group justify="center" mt="lg">
          <Box component="nav" aria-label={t('common:table.pages', { label: title })}>
            <Pagination
              size="sm"
              total={pageCount}
              value={Math.min(table.page, pageCount)}
              onChange={table.setPage}
              getItemProps={(item) => ({
                'aria-label': t('common:table.page', { page: item }),
                'aria-current': item === table.page ? 'page' : undefined,
              })}
              getControlProps={(control) => ({ 'aria-label': t(`common:table.${control}Page`) })}
            />
          </Box>
        </Group>
      ) : null}
      <Lightbox images={shown} index={open} onMove={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}

/** A picture of the grid: the image, its title, category and likes; a button opening the lightbox. */
function Tile({ image, onOpen }: { image: GalleryImageRecord; onOpen: () => void }) {
  const { t } = useTranslation('gallery');
  return (
    <UnstyledButton onClick={onOpen} className={classes.tile}>
      {image.image ? (
        <Image
          src={image.image.thumbnailUrl ?? image.image.url}
          alt=""
          h={200}
          fit="cover"
          className={classes.picture}
        />
      ) : (
        <Stack h={200} align="center" justify="center" className={classes.empty}>
          <IconPhoto size={32} aria-hidden="true" />
          <Text size="xs">{t('tile.noPicture')}</Text>
        </Stack>
      )}
      <div className={classes.caption}>
        <Text size="sm" fw={600} lineClamp={1} c="white">
          {image.title}
        </Text>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="xs" c="gray.3" lineClamp={1}>
            {image.category?.name ?? ''}
          </Text>
          <Text size="xs" c="gray.3" style={{ whiteSpace: 'nowrap' }}>
            {t('common:likes.count', { count: image.likes })}
          </Text>
        </Group>
      </div>
    </UnstyledButton>
  );
}

/**
 * The picture large in a modal: ← and → (or the buttons) move to the previous and next picture
 * of the page, Escape closes (the modal's own). Title, category, author, likes and comments.
 */
function Lightbox({
  images: shown,
  index,
  onMove,
  onClose,
}: {
  images: GalleryImageRecord[];
  index: number | null;
  onMove: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('gallery');
  const mayManage = useCan()('gallery.manage');
  const image = index === null ? undefined : shown[index];
  const total = shown.length;
  const move = (step: number) => {
    if (index !== null && total > 0) onMove((index + step + total) % total);
  };
  return (
    <Modal
      opened={image !== undefined}
      onClose={onClose}
      size="xl"
      centered
      title={image?.title}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') move(1);
        else if (event.key === 'ArrowLeft') move(-1);
      }}
    >
      {image ? (
        <Stack gap="sm">
          <Box pos="relative">
            {image.image ? (
              <Image src={image.image.url} alt={image.title} radius="sm" mah="70vh" fit="contain" />
            ) : (
              <Stack h={240} align="center" justify="center" className={classes.empty}>
                <IconPhoto size={40} aria-hidden="true" />
              </Stack>
            )}
            {total > 1 ? (
              <>
                <ActionIcon
                  variant="white"
                  radius="xl"
                  size="lg"
                  className={classes.previous}
                  aria-label={t('lightbox.previous')}
                  onClick={() => move(-1)}
                >
                  <IconChevronLeft size={20} aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="white"
                  radius="xl"
                  size="lg"
                  className={classes.next}
                  aria-label={t('lightbox.next')}
                  onClick={() => move(1)}
                >
                  <IconChevronRight size={20} aria-hidden="true" />
                </ActionIcon>
              </>
            ) : null}
          </Box>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="wrap">
              {image.category ? <StatusBadge color="blue">{image.category.name}</StatusBadge> : null}
              {image.author ? (
                <Text size="sm" c="dimmed">
                  {t('lightbox.by', { name: image.author.name })}
                </Text>
              ) : null}
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('lightbox.position', { index: (index ?? 0) + 1, total })}
              </Text>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Group gap={4} c="dimmed" wrap="nowrap">
                <IconMessage size={16} aria-hidden="true" />
                <Text size="sm">{t('comments', { count: image.comments })}</Text>
              </Group>
              <LikeButton
                size="xs"
                path={`${images.api}/${image.id}/like`}
                records={images.api}
                liked={image.liked}
                likes={image.likes}
              />
              {mayManage ? (
                <Button
                  size="xs"
                  variant="default"
                  component={Link}
                  to={`${images.route}/${image.id}/edit`}
                  leftSection={<IconPencil size={14} aria-hidden="true" />}
                >
                  {t('lightbox.edit')}
                </Button>
              ) : null}
            </Group>
          </Group>
          {image.description ? <Text size="sm">{image.description}</Text> : null}
          <Text size="xs" c="dimmed">
            {t('lightbox.keys')}
          </Text>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** One image's page: the picture above its fields. */
export function DetailPage() {
  return (
    <ResourceDetailPage
      def={images}
      actions={(image) => (
        <LikeButton
          path={`${images.api}/${image.id}/like`}
          records={images.api}
          liked={image.liked}
          likes={image.likes}
        />
      )}
    >
      {(image) =>
        image.image ? (
          <Image src={image.image.url} alt={image.title} radius="md" mah={520} fit="contain" />
        ) : null
      }
    </ResourceDetailPage>
  );
}

/** Add or edit an image: its picture (uploaded on save), title, category, description. */
export function FormPage() {
  const { id } = useParams();
  const { t } = useTranslation('gallery');
  const picture = usePictureChoice(images.api);
  return (
    <ResourceFormPage
      def={images}
      afterSave={async (image) => {
        await picture
          .save(image.id)
          .catch((error: unknown) => notifyError(errorMessageOf(error), { title: t('picture.notSaved') }));
      }}
    >
      <PictureField choice={picture} recordId={id} label={t('fields.picture')} />
    </ResourceFormPage>
  );
}
