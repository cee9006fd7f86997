import type { TaskColumn } from '@ledgerdesk/contracts';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ColumnMenuProps {
  column: Pick<TaskColumn, 'id' | 'title' | 'count'>;
  /** Whether a column is on its left / right (where it could move). */
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onMove: (direction: 'left' | 'right') => void;
  onDelete: () => void;
}

/**
 * A column's menu (tasks.manage): edit its title and status, move it left or right (the keyboard's
 * way to reorder), delete it — only when empty, else the item says why it is disabled.
 */
export function ColumnMenu({ column, first, last, onEdit, onMove, onDelete }: ColumnMenuProps) {
  const { t } = useTranslation('tasks');
  const notEmpty = column.count > 0;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t('columns.menu', { title: column.title })}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={onEdit}>
          {t('columns.edit')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          disabled={first}
          onClick={() => onMove('left')}
        >
          {t('columns.moveLeft')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconArrowRight size={16} aria-hidden="true" />}
          disabled={last}
          onClick={() => onMove('right')}
        >
          {t('columns.moveRight')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          disabled={notEmpty}
          onClick={onDelete}
          aria-describedby={notEmpty ? `column-not-empty-${column.id}` : undefined}
        >
          {t('columns.delete')}
          {notEmpty ? (
            <Text id={`column-not-empty-${column.id}`} size="xs" c="dimmed" maw={220}>
              {t('columns.notEmpty', { count: column.count })}
            </Text>
          ) : null}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
