import type { TaskCard } from '@ledgerdesk/contracts';
import { ActionIcon, Anchor, Badge, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import {
  IconCalendarDue,
  IconDots,
  IconEye,
  IconListCheck,
  IconMessage,
  IconPaperclip,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDate } from '../../../lib/format';
import { AvatarGroup } from '../../../resources/cells';
import { valueLabel } from '../../../resources/ResourceForm';
import { priorityColors, tasks } from '../definition';
import classes from './board.module.css';

/** Today as `YYYY-MM-DD` in the user's time zone (due dates are days, not instants). */
export function todayIso(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Due before today and not completed. */
export const isOverdue = (card: Pick<TaskCard, 'dueDate' | 'status'>, today: string = todayIso()) =>
  card.dueDate !== null && card.dueDate < today && card.status !== 'Completed';

interface TaskCardViewProps {
  card: TaskCard;
  /** Those who may manage tasks get Edit and Delete in the card's menu. */
  mayManage: boolean;
  onDelete: (card: TaskCard) => void;
}

/**
 * A kanban card (SPEC §3): card id and priority, title (a link to the task), text on two lines,
 * badges, due date (red when overdue), counters (comments, subtasks done / total), progress and
 * members; a menu to open, edit or delete it.
 */
export function TaskCardView({ card, mayManage, onDelete }: TaskCardViewProps) {
  const { t } = useTranslation(['tasks', 'common']);
  const overdue = isOverdue(card);
  const to = `${tasks.route}/${card.id}`;
  const dueLabel = card.dueDate
    ? t(overdue ? 'board.dueOverdue' : 'board.due', { date: formatDate(card.dueDate) })
    : '';
  return (
    // The board draws the card's frame and its handle: this is what is inside.
    <Stack gap={6} data-card-id={card.cardId}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" ff="monospace">
          {card.cardId}
        </Text>
        <Group gap={4} wrap="nowrap">
          <StatusBadge color={priorityColors[card.priority]}>
            {valueLabel(t, 'priority', card.priority)}
          </StatusBadge>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('board.cardMenu', { title: card.title })}
              >
                <IconDots size={16} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item component={Link} to={to} leftSection={<IconEye size={16} aria-hidden="true" />}>
                {t('common:resource.view')}
              </Menu.Item>
              {mayManage ? (
                <>
                  <Menu.Item
                    component={Link}
                    to={`${to}/edit`}
                    leftSection={<IconPencil size={16} aria-hidden="true" />}
                  >
                    {t('common:resource.edit')}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden="true" />}
                    onClick={() => onDelete(card)}
                  >
                    {t('common:resource.delete')}
                  </Menu.Item>
                </>
              ) : null}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
      <Anchor
        component={Link}
        to={to}
        fw={600}
        size="sm"
        c="var(--mantine-color-text)"
        className={classes.title}
      >
        {card.title}
      </Anchor>
      {card.text ? (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {card.text}
        </Text>
      ) : null}
      {card.badges.length > 0 ? (
        <Group gap={4}>
          {card.badges.map((badge) => (
            <Badge key={badge} size="xs" variant="light" color="violet" tt="none">
              {badge}
            </Badge>
          ))}
        </Group>
      ) : null}
      {card.counters.subtasks > 0 || card.progress > 0 ? (
        <Progress
          value={card.progress}
          size="xs"
          color={card.progress === 100 ? 'teal' : 'blue'}
          aria-label={t('board.progress', { value: card.progress })}
        />
      ) : null}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap={10} wrap="wrap" style={{ rowGap: 2 }}>
          {card.dueDate ? (
            // A title, not a Tooltip: a card is re-rendered at each step of a move, and kept light.
            <Group
              gap={3}
              wrap="nowrap"
              c={overdue ? 'red' : 'dimmed'}
              data-overdue={overdue || undefined}
              aria-label={dueLabel}
              title={dueLabel}
              role="img"
            >
              <IconCalendarDue size={14} aria-hidden="true" />
              <Text
                span
                size="xs"
                fw={overdue ? 600 : undefined}
                aria-hidden="true"
                style={{ whiteSpace: 'nowrap' }}
              >
                {formatDate(card.dueDate)}
              </Text>
            </Group>
          ) : null}
          <Group
            gap={3}
            wrap="nowrap"
            c="dimmed"
            role="img"
            aria-label={t('board.comments', { count: card.counters.comments })}
          >
            <IconMessage size={14} aria-hidden="true" />
            <Text span size="xs" aria-hidden="true">
              {card.counters.comments}
            </Text>
          </Group>
          {card.counters.attachments > 0 ? (
            <Group
              gap={3}
              wrap="nowrap"
              c="dimmed"
              role="img"
              aria-label={t('board.attachments', { count: card.counters.attachments })}
            >
              <IconPaperclip size={14} aria-hidden="true" />
              <Text span size="xs" aria-hidden="true">
                {card.counters.attachments}
              </Text>
            </Group>
          ) : null}
          {card.counters.subtasks > 0 ? (
            <Group
              gap={3}
              wrap="nowrap"
              c="dimmed"
              role="img"
              aria-label={t('board.subtasks', {
                done: card.counters.subtasksDone,
                count: card.counters.subtasks,
              })}
            >
              <IconListCheck size={14} aria-hidden="true" />
              <Text span size="xs" aria-hidden="true">
                {card.counters.subtasksDone}/{card.counters.subtasks}
              </Text>
            </Group>
          ) : null}
        </Group>
        {card.members.length > 0 ? <AvatarGroup people={card.members} max={3} size={22} /> : null}
      </Group>
    </Stack>
  );
}
