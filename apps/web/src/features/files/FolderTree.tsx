import { ActionIcon, Loader, NavLink, Text } from '@mantine/core';
import { IconChevronRight, IconFolder, IconFolderOpen } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi, filesKeys } from './api';
import classes from './files.module.css';
import { carriesItem, droppedItem } from './items';

export interface TreeProps {
  /** The folder shown or chosen (null: the top level). */
  selected: string | null;
  onSelect: (folder: { id: string; name: string }) => void;
  /** A file or folder dragged onto a folder of the tree. */
  onDropItem?: (
    dropped: { type: 'file' | 'folder'; id: string },
    folder: { id: string; name: string },
  ) => void;
  /** A folder (being moved) that cannot be chosen, nor anything under it. */
  excludeId?: string;
  /** The folders open at first (the path of the one shown). */
  openIds?: readonly string[];
}

const subfolders = (parentId: string) => ({ parentId, ordering: 'name', pageSize: 200 });

/** The caller's folders as a tree, each level read when it is opened. */
export function FolderTree(props: TreeProps) {
  return <FolderLevel parentId="root" depth={0} {...props} />;
}

function FolderLevel({ parentId, depth, ...props }: TreeProps & { parentId: string; depth: number }) {
  const { t } = useTranslation('files');
  const query = useQuery({
    queryKey: filesKeys.folders(subfolders(parentId)),
    queryFn: ({ signal }) => filesApi.folders(subfolders(parentId), signal),
  });
  if (query.isPending) return <Loader size="xs" m="xs" aria-label={t('loading')} />;
  if (query.isError)
    return (
      <Text size="xs" c="red" p="xs">
        {t('errors.folders')}
      </Text>
    );
  const folders = query.data.results.filter((folder) => folder.id !== props.excludeId);
  if (folders.length === 0 && depth === 0)
    return (
      <Text size="xs" c="dimmed" px="sm" py={4}>
        {t('tree.none')}
      </Text>
    );
  return (
    <>
      {folders.map((folder) => (
        <FolderNode key={folder.id} folder={folder} depth={depth} {...props} />
      ))}
    </>
  );
}

function FolderNode({
  folder,
  depth,
  ...props
}: TreeProps & { folder: { id: string; name: string }; depth: number }) {
  const { t } = useTranslation('files');
  const [opened, setOpened] = useState(() => props.openIds?.includes(folder.id) ?? false);
  const [over, setOver] = useState(false);
  const active = props.selected === folder.id;
  const onDragOver = (event: React.DragEvent) => {
    if (!props.onDropItem || !carriesItem(event)) return;
    event.preventDefault();
    setOver(true);
  };
  const onDrop = (event: React.DragEvent) => {
    setOver(false);
    const dropped = props.onDropItem ? droppedItem(event) : null;
    if (!dropped) return;
    event.preventDefault();
    props.onDropItem?.(dropped, folder);
  };
  return (
    <>
      <div
        className={over ? `${classes.treeRow} ${classes.dropOver}` : classes.treeRow}
        style={{ paddingLeft: depth * 14 }}
      >
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={
            opened ? t('tree.collapse', { name: folder.name }) : t('tree.expand', { name: folder.name })
          }
          aria-expanded={opened}
          onClick={() => setOpened((value) => !value)}
        >
          <IconChevronRight size={14} className={opened ? classes.chevronOpen : classes.chevron} />
        </ActionIcon>
        <NavLink
          component="button"
          type="button"
          label={folder.name}
          active={active}
          aria-current={active ? 'page' : undefined}
          onClick={() => props.onSelect(folder)}
          data-folder-drop={folder.name}
          onDragOver={onDragOver}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          leftSection={
            opened ? <IconFolderOpen size={18} stroke={1.6} /> : <IconFolder size={18} stroke={1.6} />
          }
          px={6}
          py={5}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
        />
      </div>
      {opened && <FolderLevel parentId={folder.id} depth={depth + 1} {...props} />}
    </>
  );
}
