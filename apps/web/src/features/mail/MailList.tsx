import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Menu,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertOctagon,
  IconArrowBackUp,
  IconBookmark,
  IconBookmarkFilled,
  IconDots,
  IconInbox,
  IconMail,
  IconMailOpened,
  IconPaperclip,
  IconRefresh,
  IconStar,
  IconStarFilled,
  IconTag,
  IconTrash,
  IconTrashX,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessageOf } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import {
  type MailEntriesPatch,
  type MailListItem,
  type MailQuery,
  mailLabels,
  useChangeEntries,
  useMailList,
  useRemoveThreads,
} from './api';
import { labelColors, listDate } from './look';
import classes from './mail.module.css';

/** The lines shown while the first page loads. */
const placeholders = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

/**
 * A folder's mail, newest first, paged as the reader scrolls (and with a button): each line has its
 * check box, star and importance toggles, the other party, label, subject and teaser, attachments
 * and thread size, and its date; it opens the thread (`threadHref`). Selected lines get the bulk
 * actions: read/unread, star, important, label, spam, trash or restore, delete forever.
 */
export function MailList({
  query,
  threadHref,
  toolbarEnd,
}: {
  query: MailQuery;
  threadHref: (item: MailListItem) => string;
  /** Shown at the toolbar's end when nothing is selected (the search). */
  toolbarEnd?: React.ReactNode;
}) {
  const { t } = useTranslation('mail');
  const list = useMailList(query);
  const change = useChangeEntries();
  const remove = useRemoveThreads();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirmDelete, setConfirmDelete] = useState(false);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const chosen = items.filter((item) => selected.has(item.id));
  const all = items.length > 0 && chosen.length === items.length;
  const folderName = t(`folders.${query.category}`);

  const apply = (
    patch: Omit<MailEntriesPatch, 'ids'>,
    ids = chosen.map((item) => item.id),
    message?: string,
  ) => {
    if (ids.length === 0) return;
    change.mutate(
      { ids, ...patch },
      {
        onSuccess: () => {
          if (message) notifySuccess(message);
          if (patch.folder || patch.restore) setSelected(new Set());
        },
        onError: (error) => notifyError(errorMessageOf(error), { title: t('bulk.failed') }),
      },
    );
  };

  const deleteForever = () => {
    const count = chosen.length;
    remove.mutate(
      chosen.map((item) => item.forId),
      {
        onSuccess: () => {
          notifySuccess(t('bulk.deleted', { count: new Set(chosen.map((item) => item.forId)).size }));
          setSelected(new Set());
          setConfirmDelete(false);
        },
        onError: (error) => {
          notifyError(errorMessageOf(error), { title: t('bulk.failed') });
          setConfirmDelete(false);
        },
      },
    );
    return count;
  };

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const anyUnread = chosen.some((item) => item.unread);
  const allStarred = chosen.length > 0 && chosen.every((item) => item.starred);
  const allImportant = chosen.length > 0 && chosen.every((item) => item.important);
  const inTrash = query.category === 'trash';
  const inSpam = query.category === 'spam';

  return (
    <section aria-label={t('list.title', { folder: folderName })} className={classes.listSection}>
      <Group className={classes.toolbar} gap="xs" wrap="nowrap" role="group" aria-label={t('bulk.title')}>
        <Checkbox
          aria-label={t('list.selectAll')}
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          disabled={items.length === 0}
          onChange={() => setSelected(all ? new Set() : new Set(items.map((item) => item.id)))}
        />
        {chosen.length > 0 ? (
          <Group gap={4} wrap="nowrap" className={classes.bulk}>
            <Text size="sm" fw={500} mr="xs" aria-live="polite">
              {t('list.selected', { count: chosen.length })}
            </Text>
            <ToolbarButton
              label={anyUnread ? t('bulk.read') : t('bulk.unread')}
              icon={anyUnread ? IconMailOpened : IconMail}
              onClick={() =>
                apply({ unread: !anyUnread }, undefined, t('bulk.done', { count: chosen.length }))
              }
            />
            <ToolbarButton
              label={allStarred ? t('bulk.unstar') : t('bulk.star')}
              icon={allStarred ? IconStarFilled : IconStar}
              onClick={() => apply({ starred: !allStarred })}
            />
            <ToolbarButton
              label={allImportant ? t('bulk.notImportant') : t('bulk.important')}
              icon={allImportant ? IconBookmarkFilled : IconBookmark}
              onClick={() => apply({ important: !allImportant })}
            />
            {inTrash || inSpam ? (
              <ToolbarButton
                label={inTrash ? t('bulk.restore') : t('bulk.notSpam')}
                icon={IconArrowBackUp}
                onClick={() =>
                  apply(
                    inTrash ? { restore: true } : { folder: 'inbox' },
                    undefined,
                    t('bulk.done', { count: chosen.length }),
                  )
                }
              />
            ) : (
              <ToolbarButton
                label={t('bulk.trash')}
                icon={IconTrash}
                onClick={() =>
                  apply({ folder: 'trash' }, undefined, t('bulk.trashed', { count: chosen.length }))
                }
              />
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('bulk.more')}
                  title={t('bulk.more')}
                >
                  <IconDots size={18} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Label>{t('bulk.label')}</Menu.Label>
                {mailLabels.map((label) => (
                  <Menu.Item
                    key={label}
                    leftSection={
                      <span className={classes.dot} data-color={labelColors[label]} aria-hidden="true" />
                    }
                    onClick={() => apply({ label }, undefined, t('bulk.done', { count: chosen.length }))}
                  >
                    {t(`labels.${label}`)}
                  </Menu.Item>
                ))}
                <Menu.Item
                  leftSection={<IconTag size={14} aria-hidden="true" />}
                  onClick={() => apply({ label: null }, undefined, t('bulk.done', { count: chosen.length }))}
                >
                  {t('labels.none')}
                </Menu.Item>
                <Menu.Divider />
                {inSpam ? null : (
                  <Menu.Item
                    leftSection={<IconAlertOctagon size={14} aria-hidden="true" />}
                    onClick={() =>
                      apply({ folder: 'spam' }, undefined, t('bulk.done', { count: chosen.length }))
                    }
                  >
                    {t('bulk.spam')}
                  </Menu.Item>
                )}
                <Menu.Item
                  color="red"
                  leftSection={<IconTrashX size={14} aria-hidden="true" />}
                  onClick={() => setConfirmDelete(true)}
                >
                  {t('bulk.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap" className={classes.toolbarEnd}>
            <ToolbarButton
              label={t('list.refresh')}
              icon={IconRefresh}
              onClick={() => void list.refetch()}
              loading={list.isRefetching && !list.isFetchingNextPage}
            />
            {toolbarEnd}
          </Group>
        )}
      </Group>

      {list.isPending ? (
        <Stack gap={0} p="sm" aria-busy="true">
          {placeholders.map((name) => (
            <Skeleton key={name} h={44} my={4} radius="sm" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" role="alert" m="md" title={t('list.loadFailed')}>
          {errorMessageOf(list.error)}
        </Alert>
      ) : items.length === 0 ? (
        <EmptyFolder query={query} />
      ) : (
        <>
          <ul className={classes.rows}>
            {items.map((item) => (
              <MailRow
                key={item.id}
                item={item}
                href={threadHref(item)}
                selected={selected.has(item.id)}
                onToggle={() => toggle(item.id)}
                onChange={(patch) => apply(patch, [item.id])}
                showTo={query.category === 'sent' || query.category === 'draft'}
              />
            ))}
          </ul>
          <MoreMail
            hasMore={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onMore={() => void list.fetchNextPage()}
          />
        </>
      )}

      <ConfirmDialog
        opened={confirmDelete}
        title={t('bulk.deleteTitle')}
        confirmLabel={t('bulk.delete')}
        pending={remove.isPending}
        onConfirm={deleteForever}
        onClose={() => setConfirmDelete(false)}
      >
        {t('bulk.deleteQuestion', { count: chosen.length })}
      </ConfirmDialog>
    </section>
  );
}

function ToolbarButton({
  label,
  icon: Icon,
  onClick,
  loading,
}: {
  label: string;
  icon: typeof IconMail;
  onClick: () => void;
  loading?: boolean;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        onClick={onClick}
        loading={loading}
      >
        <Icon size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

/** One mail of the list. */
function MailRow({
  item,
  href,
  selected,
  onToggle,
  onChange,
  showTo,
}: {
  item: MailListItem;
  href: string;
  selected: boolean;
  onToggle: () => void;
  onChange: (patch: Omit<MailEntriesPatch, 'ids'>) => void;
  showTo: boolean;
}) {
  const { t } = useTranslation('mail');
  const subject = item.subject || t('list.noSubject');
  const name = showTo ? t('list.to', { name: item.name }) : item.name;
  const size = typeof item.badge === 'number' && item.badge > 1 ? item.badge : null;
  return (
    <li className={classes.row} data-unread={item.unread || undefined} data-selected={selected || undefined}>
      <Checkbox
        size="sm"
        checked={selected}
        onChange={onToggle}
        aria-label={t('list.select', { name: item.name, subject })}
        className={classes.rowCheck}
      />
      <ActionIcon
        variant="transparent"
        size="sm"
        color={item.starred ? 'yellow' : 'gray'}
        aria-pressed={item.starred}
        aria-label={item.starred ? t('list.unstar') : t('list.star')}
        onClick={() => onChange({ starred: !item.starred })}
        className={classes.rowToggle}
      >
        {item.starred ? (
          <IconStarFilled size={18} aria-hidden="true" />
        ) : (
          <IconStar size={18} aria-hidden="true" />
        )}
      </ActionIcon>
      <ActionIcon
        variant="transparent"
        size="sm"
        color={item.important ? 'orange' : 'gray'}
        aria-pressed={item.important}
        aria-label={item.important ? t('list.unmarkImportant') : t('list.markImportant')}
        onClick={() => onChange({ important: !item.important })}
        className={`${classes.rowToggle} ${classes.importantToggle}`}
      >
        {item.important ? (
          <IconBookmarkFilled size={18} aria-hidden="true" />
        ) : (
          <IconBookmark size={18} aria-hidden="true" />
        )}
      </ActionIcon>
      <Link to={href} className={classes.rowLink}>
        <span className={classes.rowName}>
          {item.unread ? <VisuallyHidden>{t('list.unread')}: </VisuallyHidden> : null}
          {name}
          {size ? (
            <Text span size="xs" c="dimmed" ml={4} aria-label={t('list.threadSize', { count: size })}>
              ({size})
            </Text>
          ) : null}
        </span>
        <span className={classes.rowText}>
          {item.label ? (
            <Badge size="xs" variant="light" color={labelColors[item.label]} className={classes.rowLabel}>
              {t(`labels.${item.label}`)}
            </Badge>
          ) : null}
          {item.category === 'draft' ? (
            <Badge size="xs" variant="light" color="red" className={classes.rowLabel}>
              {t('list.draftTag')}
            </Badge>
          ) : null}
          {item.delivery === 'failed' || item.delivery === 'queued' ? (
            <Badge
              size="xs"
              variant="light"
              color={item.delivery === 'failed' ? 'red' : 'gray'}
              className={classes.rowLabel}
            >
              {t(item.delivery === 'failed' ? 'list.failedTag' : 'list.queuedTag')}
            </Badge>
          ) : null}
          <span className={classes.rowSubject}>{subject}</span>
          {item.teaser ? <span className={classes.rowTeaser}> — {item.teaser}</span> : null}
        </span>
        <span className={classes.rowMeta}>
          {item.hasAttachments ? (
            <IconPaperclip size={15} aria-label={t('list.attachments')} role="img" />
          ) : null}
          <time dateTime={item.date}>{listDate(item.date)}</time>
        </span>
      </Link>
    </li>
  );
}

/** Loads the next page when the list's end scrolls into view; the button does it from the keyboard. */
function MoreMail({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const { t } = useTranslation('mail');
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onMore);
  latest.current = onMore;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore]);
  return (
    <Group justify="center" p="md" ref={sentinel}>
      {loading ? (
        <Loader size="sm" aria-label={t('list.loadingMore')} />
      ) : hasMore ? (
        <Button variant="subtle" size="xs" onClick={onMore}>
          {t('list.loadMore')}
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          {t('list.end')}
        </Text>
      )}
    </Group>
  );
}

function EmptyFolder({ query }: { query: MailQuery }) {
  const { t } = useTranslation('mail');
  return (
    <Stack align="center" gap="xs" py={64} px="md" className={classes.empty}>
      <IconInbox size={48} stroke={1.2} aria-hidden="true" />
      <Text fw={600}>
        {query.q
          ? t('list.empty.search', { q: query.q })
          : query.category === 'inbox'
            ? t('list.empty.inbox')
            : t('list.empty.other')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('list.empty.hint')}
      </Text>
    </Stack>
  );
}
