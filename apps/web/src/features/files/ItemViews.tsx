import { ActionIcon, Card, Group, Menu, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import {
  IconDots,
  IconDownload,
  IconEye,
  IconFolderFilled,
  IconFolderSymlink,
  IconPencil,
  IconRestore,
  IconShare,
  IconStar,
  IconStarFilled,
  IconTrash,
  IconTrashX,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrlOf, FileIcon } from '../../components/files';
import { formatBytes, formatDate, formatDateTime, formatNumber } from '../../lib/format';
import classes from './files.module.css';
import { carriesItem, dragStartOf, droppedItem, type FileItem, type FolderItem, type Item } from './items';

/** What the lists ask of the page: the item's actions, and what the user may do. */
export interface ItemHandlers {
  open: (item: Item) => void;
  rename: (item: Item) => void;
  move: (item: Item) => void;
  share: (item: Item) => void;
  star: (item: Item) => void;
  trash: (item: Item) => void;
  restore: (item: Item) => void;
  deleteForever: (item: Item) => void;
  /** A file or folder dropped onto a folder. */
  drop: (
    dropped: { type: 'file' | 'folder'; id: string },
    folder: { id: string | null; name: string },
  ) => void;
  /** files.manage (what each item allows is its own `access`). */
  mayManage: boolean;
  /** The trash is shown: restore and delete forever instead. */
  inTrash: boolean;
}

const mayEdit = (item: Item, handlers: ItemHandlers) => handlers.mayManage && item.record.access !== 'view';

/** The "⋯" menu of a file or a folder. */
export function ItemMenu({ item, handlers }: { item: Item; handlers: ItemHandlers }) {
  const { t } = useTranslation('files');
  const name = item.record.name;
  const edit = mayEdit(item, handlers);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.menuOf', { name })}
          onClick={(event) => event.stopPropagation()}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {handlers.inTrash ? (
          edit && (
            <>
              <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => handlers.restore(item)}>
                {t('actions.restore')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrashX size={16} />}
                onClick={() => handlers.deleteForever(item)}
              >
                {t('actions.deleteForever')}
              </Menu.Item>
            </>
          )
        ) : (
          <>
            <Menu.Item leftSection={<IconEye size={16} />} onClick={() => handlers.open(item)}>
              {item.type === 'file' ? t('actions.preview') : t('actions.open')}
            </Menu.Item>
            {item.type === 'file' && (
              <Menu.Item
                leftSection={<IconDownload size={16} />}
                component="a"
                href={downloadUrlOf(item.record.url)}
                download={name}
              >
                {t('actions.download')}
              </Menu.Item>
            )}
            {item.type === 'file' && handlers.mayManage && (
              <Menu.Item
                leftSection={item.record.starred ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                onClick={() => handlers.star(item)}
              >
                {item.record.starred ? t('actions.unstar') : t('actions.star')}
              </Menu.Item>
            )}
            {edit && (
              <>
                <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => handlers.rename(item)}>
                  {t('actions.rename')}
                </Menu.Item>
                <Menu.Item leftSection={<IconFolderSymlink size={16} />} onClick={() => handlers.move(item)}>
                  {t('actions.moveTo')}
                </Menu.Item>
              </>
            )}
            {handlers.mayManage && item.record.access === 'owner' && (
              <Menu.Item leftSection={<IconShare size={16} />} onClick={() => handlers.share(item)}>
                {t('actions.share')}
              </Menu.Item>
            )}
            {edit && (
              <>
                <Menu.Divider />
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => handlers.trash(item)}
                >
                  {t('actions.delete')}
                </Menu.Item>
              </>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Makes an element a drop target for files and folders dragged onto `folder`. */
function useDropTarget(folder: { id: string; name: string }, handlers: ItemHandlers, enabled: boolean) {
  const [over, setOver] = useState(false);
  if (!enabled) return { over: false, props: {} };
  return {
    over,
    props: {
      onDragOver: (event: React.DragEvent) => {
        if (!carriesItem(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: React.DragEvent) => {
        setOver(false);
        const dropped = droppedItem(event);
        if (!dropped || dropped.id === folder.id) return;
        event.preventDefault();
        handlers.drop(dropped, folder);
      },
      'data-folder-drop': folder.name,
    },
  };
}

/** A folder: SPEC's folderName, its number of files and their size. */
export function FolderCard({ item, handlers }: { item: FolderItem; handlers: ItemHandlers }) {
  const { t } = useTranslation('files');
  const folder = item.record;
  const drop = useDropTarget(folder, handlers, !handlers.inTrash && mayEdit(item, handlers));
  const draggable = !handlers.inTrash && mayEdit(item, handlers);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={drop.over ? `${classes.card} ${classes.dropOver}` : classes.card}
      draggable={draggable}
      onDragStart={draggable ? dragStartOf(item) : undefined}
      data-testid="folder-card"
      {...drop.props}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <UnstyledButton
          className={classes.cardMain}
          onClick={() => handlers.open(item)}
          disabled={handlers.inTrash}
        >
          <div className={classes.folderIcon}>
            <IconFolderFilled size={26} aria-hidden />
          </div>
          <div className={classes.cardText}>
            <Text fw={600} size="sm" truncate="end" title={folder.name}>
              {folder.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {t('folderSummary', {
                count: folder.fileCount,
                files: formatNumber(folder.fileCount),
                size: formatBytes(folder.size),
              })}
            </Text>
            {folder.access !== 'owner' && (
              <Text size="xs" c="dimmed" truncate="end">
                {t('sharedBy', { name: folder.ownerName })}
              </Text>
            )}
          </div>
        </UnstyledButton>
        <Group gap={0} wrap="nowrap">
          {folder.shared && (
            <Tooltip label={t('sharedBadge')}>
              <IconUsers size={16} className={classes.dim} aria-label={t('sharedBadge')} />
            </Tooltip>
          )}
          <ItemMenu item={item} handlers={handlers} />
        </Group>
      </Group>
    </Card>
  );
}

/** A file as a card: its thumbnail or its type's icon, name, size and date. */
export function FileCard({ item, handlers }: { item: FileItem; handlers: ItemHandlers }) {
  const { t } = useTranslation('files');
  const file = item.record;
  const draggable = !handlers.inTrash && mayEdit(item, handlers);
  return (
    <Card
      withBorder
      radius="md"
      padding={0}
      className={classes.card}
      draggable={draggable}
      onDragStart={draggable ? dragStartOf(item) : undefined}
      data-testid="file-card"
    >
      <div className={classes.thumbBox}>
        <UnstyledButton
          className={classes.thumb}
          onClick={() => handlers.open(item)}
          disabled={handlers.inTrash}
          aria-label={handlers.inTrash ? file.name : t('actions.previewOf', { name: file.name })}
        >
          {file.thumbnailUrl ? (
            <img src={file.thumbnailUrl} alt="" loading="lazy" draggable={false} />
          ) : (
            <FileIcon mime={file.mime} size={44} />
          )}
        </UnstyledButton>
        <div className={classes.thumbMenu}>
          <ItemMenu item={item} handlers={handlers} />
        </div>
      </div>
      <div className={classes.fileText}>
        <Group gap={4} wrap="nowrap">
          {file.starred && (
            <IconStarFilled size={14} className={classes.star} aria-label={t('starredBadge')} />
          )}
          <Text fw={600} size="sm" truncate="end" title={file.name}>
            {file.name}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" truncate="end" title={formatDateTime(file.updatedAt)}>
          {formatBytes(file.size)} · {formatDate(file.updatedAt)}
        </Text>
      </div>
    </Card>
  );
}

/** Files as a table: SPEC's fileName, fileType, size, created and updated dates. */
export function FileTable({
  files,
  handlers,
  folders,
}: {
  files: FileItem[];
  folders: FolderItem[];
  handlers: ItemHandlers;
}) {
  const { t } = useTranslation('files');
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table verticalSpacing="xs" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th className={classes.wide}>{t('columns.type')}</Table.Th>
            <Table.Th ta="right">{t('columns.size')}</Table.Th>
            <Table.Th className={classes.wide}>{t('columns.created')}</Table.Th>
            <Table.Th className={classes.wide}>{t('columns.updated')}</Table.Th>
            <Table.Th aria-label={t('columns.actions')} w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {folders.map((item) => (
            <FolderRow key={item.record.id} item={item} handlers={handlers} />
          ))}
          {files.map((item) => {
            const file = item.record;
            const draggable = !handlers.inTrash && mayEdit(item, handlers);
            return (
              <Table.Tr
                key={file.id}
                draggable={draggable}
                onDragStart={draggable ? dragStartOf(item) : undefined}
                data-testid="file-row"
              >
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <FileIcon mime={file.mime} />
                    <UnstyledButton
                      onClick={() => handlers.open(item)}
                      disabled={handlers.inTrash}
                      className={classes.rowName}
                      title={file.name}
                    >
                      {file.name}
                    </UnstyledButton>
                    {file.starred && (
                      <IconStarFilled size={14} className={classes.star} aria-label={t('starredBadge')} />
                    )}
                    {file.shared && (
                      <IconUsers size={14} className={classes.dim} aria-label={t('sharedBadge')} />
                    )}
                  </Group>
                </Table.Td>
                <Table.Td className={classes.wide}>{t(`kinds.${file.kind}`)}</Table.Td>
                <Table.Td ta="right" className={classes.nowrap}>
                  {formatBytes(file.size)}
                </Table.Td>
                <Table.Td
                  className={`${classes.nowrap} ${classes.wide}`}
                  title={formatDateTime(file.createdAt)}
                >
                  {formatDate(file.createdAt)}
                </Table.Td>
                <Table.Td
                  className={`${classes.nowrap} ${classes.wide}`}
                  title={formatDateTime(file.updatedAt)}
                >
                  {formatDate(file.updatedAt)}
                </Table.Td>
                <Table.Td>
                  <ItemMenu item={item} handlers={handlers} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FolderRow({ item, handlers }: { item: FolderItem; handlers: ItemHandlers }) {
  const { t } = useTranslation('files');
  const folder = item.record;
  const drop = useDropTarget(folder, handlers, !handlers.inTrash && mayEdit(item, handlers));
  const draggable = !handlers.inTrash && mayEdit(item, handlers);
  return (
    <Table.Tr
      draggable={draggable}
      onDragStart={draggable ? dragStartOf(item) : undefined}
      className={drop.over ? classes.dropOver : undefined}
      {...drop.props}
    >
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <IconFolderFilled size={20} className={classes.folderGlyph} aria-hidden />
          <UnstyledButton
            onClick={() => handlers.open(item)}
            disabled={handlers.inTrash}
            className={classes.rowName}
            title={folder.name}
          >
            {folder.name}
          </UnstyledButton>
        </Group>
      </Table.Td>
      <Table.Td className={classes.wide}>{t('kinds.folder')}</Table.Td>
      <Table.Td ta="right" className={classes.nowrap}>
        {formatBytes(folder.size)}
      </Table.Td>
      <Table.Td className={`${classes.nowrap} ${classes.wide}`}>{formatDate(folder.createdAt)}</Table.Td>
      <Table.Td className={`${classes.nowrap} ${classes.wide}`}>{formatDate(folder.updatedAt)}</Table.Td>
      <Table.Td>
        <ItemMenu item={item} handlers={handlers} />
      </Table.Td>
    </Table.Tr>
  );
}
