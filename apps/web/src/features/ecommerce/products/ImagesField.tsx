import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { type AttachmentList, MAX_PRODUCT_IMAGES, type UploadResponse } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Badge,
  Box,
  Group,
  Image,
  Input,
  Paper,
  SimpleGrid,
  Skeleton,
  Tooltip,
} from '@mantine/core';
import { IconGripVertical, IconStar, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropzone, UploadQueue, useUploads } from '../../../components/files';
import { api, errorMessageOf } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { uploadFiles } from '../../../lib/upload';

/** A picture as the field shows it: a saved attachment or a file chosen for a product not saved yet. */
type Picture = { id: string; src: string; name: string };

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'];
const picturesPath = (productId: string) => `/apps/product/${productId}/attachments`;

/**
 * The pictures of a product not created yet: kept in the browser (with previews) and uploaded, in
 * their order, right after the product is saved (ProductForm's `afterSave`).
 */
export function useStagedPictures() {
  const client = useQueryClient();
  const [staged, setStaged] = useState<{ id: string; file: File; src: string }[]>([]);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);
  return {
    pictures: staged.map((s): Picture => ({ id: s.id, src: s.src, name: s.file.name })),
    add(files: File[]) {
      const added = files.map((file) => {
        const src = URL.createObjectURL(file);
        previews.current.add(src);
        return { id: crypto.randomUUID(), file, src };
      });
      setStaged((current) => [...current, ...added].slice(0, MAX_PRODUCT_IMAGES));
    },
    move(from: number, to: number) {
      setStaged((current) => arrayMove(current, from, to));
    },
    remove(id: string) {
      setStaged((current) => current.filter((s) => s.id !== id));
    },
    /** Uploads the chosen pictures to the saved product (nothing when none were chosen). */
    async uploadTo(productId: string) {
      if (staged.length === 0) return;
      await uploadFiles<UploadResponse>(
        picturesPath(productId),
        staged.map((s) => s.file),
      );
      // The product as saved had no pictures: its pages fetch it again.
      await client.invalidateQueries({ queryKey: queryKeys.all('/apps/product') });
    },
  };
}
export type StagedPictures = ReturnType<typeof useStagedPictures>;

/**
 * The product form's pictures: upload several, drag (or move with the keyboard) to reorder, make one
 * the main picture (the first), remove. A saved product's changes apply at once; a new product's
 * pictures are uploaded when it is saved.
 */
export function ImagesField({ productId, staged }: { productId?: string; staged: StagedPictures }) {
  return productId ? (
    <SavedPictures productId={productId} />
  ) : (
    <PictureGrid
      pictures={staged.pictures}
      onAdd={staged.add}
      onMove={staged.move}
      onRemove={staged.remove}
      hint="gallery.hintNew"
    />
  );
}

/** A saved product's pictures, each change sent to the server (the lists show the new main picture). */
function SavedPictures({ productId }: { productId: string }) {
  const { t } = useTranslation('ecommerce/products');
  const client = useQueryClient();
  const key = [...queryKeys.all('/apps/product'), 'pictures', productId];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<AttachmentList>(picturesPath(productId), { signal }),
  });
  const changed = (items?: AttachmentList['items']) => {
    if (items) client.setQueryData<AttachmentList>(key, { items });
    void client.invalidateQueries({ queryKey: queryKeys.all('/apps/product') });
  };
  const failed = (error: unknown) => {
    notifyError(errorMessageOf(error));
    changed();
  };
  // One request a file, each with its progress and cancel; the list is refreshed after each.
  const uploads = useUploads(
    (file, options) => uploadFiles<UploadResponse>(picturesPath(productId), file, options),
    { onUploaded: () => changed() },
  );
  const items = list.data?.items ?? [];

  if (list.isPending) return <Skeleton h={140} mt="md" radius="md" />;
  return (
    <PictureGrid
      pictures={items.map((f) => ({ id: f.id, src: f.thumbnailUrl ?? f.url, name: f.name }))}
      hint="gallery.hint"
      queue={<UploadQueue uploads={uploads} title={t('gallery.uploading')} />}
      onAdd={uploads.add}
      onMove={(from, to) => {
        const ids = arrayMove(
          items.map((f) => f.id),
          from,
          to,
        );
        // Shown at once; the server's answer (or a failure) settles it.
        client.setQueryData<AttachmentList>(key, { items: arrayMove(items, from, to) });
        api
          .put<AttachmentList>(`${picturesPath(productId)}/order`, { ids })
          .then((answer) => changed(answer.items), failed);
      }}
      onRemove={(id) => {
        client.setQueryData<AttachmentList>(key, { items: items.filter((f) => f.id !== id) });
        api.delete(`${picturesPath(productId)}/${id}`).then(() => changed(), failed);
      }}
    />
  );
}

function PictureGrid({
  pictures,
  onAdd,
  onMove,
  onRemove,
  hint,
  queue,
}: {
  pictures: Picture[];
  onAdd: (files: File[]) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (id: string) => void;
  hint: string;
  /** The uploads under way, below the pictures. */
  queue?: ReactNode;
}) {
  const { t } = useTranslation('ecommerce/products');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const index = pictures.findIndex((p) => p.id === id);
    return t('gallery.picture', { name: pictures[index]?.name ?? '', number: index + 1 });
  };
  const at = (id: string | number | undefined) => pictures.findIndex((p) => p.id === id) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(at(active.id) - 1, at(over.id) - 1);
  };
  const room = MAX_PRODUCT_IMAGES - pictures.length;

  return (
    <Input.Wrapper label={t('fields.images')} description={t(hint, { max: MAX_PRODUCT_IMAGES })} mt="md">
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('gallery.dragHelp') },
          announcements: {
            onDragStart: ({ active }) => t('gallery.picked', { name: nameOf(active.id) }),
            onDragOver: ({ over }) => (over ? t('gallery.over', { position: at(over.id) }) : undefined),
            onDragEnd: ({ over }) => (over ? t('gallery.dropped', { position: at(over.id) }) : undefined),
            onDragCancel: () => t('gallery.cancelled'),
          },
        }}
      >
        <SortableContext items={pictures.map((p) => p.id)} strategy={rectSortingStrategy}>
          <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 6 }} spacing="sm" mt="xs">
            {pictures.map((picture, index) => (
              <PictureTile
                key={picture.id}
                picture={picture}
                index={index}
                label={nameOf(picture.id)}
                onMain={index > 0 ? () => onMove(index, 0) : undefined}
                onRemove={() => onRemove(picture.id)}
              />
            ))}
          </SimpleGrid>
        </SortableContext>
      </DndContext>
      {queue}
      <Box mt="sm">
        <FileDropzone
          compact
          accept={IMAGE_TYPES}
          disabled={room <= 0}
          onDrop={(files) => onAdd(files.slice(0, room))}
          label={pictures.length === 0 ? t('gallery.drop') : t('gallery.dropMore')}
        />
      </Box>
    </Input.Wrapper>
  );
}

function PictureTile({
  picture,
  index,
  label,
  onMain,
  onRemove,
}: {
  picture: Picture;
  index: number;
  label: string;
  onMain?: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('ecommerce/products');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: picture.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p={4}
      pos="relative"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
      }}
      data-testid="product-picture"
    >
      <Image
        src={picture.src}
        alt={label}
        radius="sm"
        h="auto"
        style={{ aspectRatio: '1 / 1' }}
        fit="cover"
      />
      {index === 0 ? (
        <Badge pos="absolute" top={8} left={8} size="sm" variant="filled">
          {t('gallery.main')}
        </Badge>
      ) : null}
      <Group justify="space-between" gap={2} mt={4} wrap="nowrap">
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          aria-label={t('gallery.move', { name: label })}
          style={{ cursor: 'grab', touchAction: 'none' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} aria-hidden="true" />
        </ActionIcon>
        <Group gap={2} wrap="nowrap">
          {onMain ? (
            <Tooltip label={t('gallery.makeMain')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('gallery.makeMainOf', { name: label })}
                onClick={onMain}
              >
                <IconStar size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Tooltip label={t('gallery.remove')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('gallery.removeOf', { name: label })}
              onClick={onRemove}
            >
              <IconTrash size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
