import type { ChatMember, ChatMessage } from '@ledgerdesk/contracts';
import { Alert, Button, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconMessages } from '@tabler/icons-react';
import { Fragment, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../lib/api';
import { type Anchor, useMessages } from './api';
import classes from './chat.module.css';
import { type MessageActions, MessageItem } from './MessageItem';
import { dayLabel, dayOf } from './time';

/** Older messages are asked for when the reader comes this close to the top. */
const LOAD_OLDER_PX = 200;
/** Closer than this to the bottom counts as reading the newest message. */
const AT_BOTTOM_PX = 48;
/** Messages of one sender this close together share their avatar and name. */
const GROUP_GAP_MS = 5 * 60_000;

interface MessageListProps extends Omit<MessageActions, 'onJump'> {
  roomId: string;
  anchor: Anchor;
  /** The message to show marked (a search hit, a quoted message). */
  highlight: number | null;
  myId: string | undefined;
  members: readonly ChatMember[];
  /** The caller's read position when the room was opened: the "New messages" line goes after it. */
  readUpTo: number;
  onJump: (seq: number) => void;
  onJumpToNewest: () => void;
  /** The newest message is on screen (with its seq), or not (null): the page marks the room read. */
  onNewestSeen: (seq: number | null) => void;
}

/**
 * A room's messages, by day and by sender, paged backwards as the reader scrolls up: the page
 * above is added without moving what is on screen. New messages follow the reader when they are
 * at the bottom, else "New messages ↓" brings them there.
 */
export function MessageList({
  roomId,
  anchor,
  highlight,
  myId,
  members,
  readUpTo,
  onJump,
  onJumpToNewest,
  onNewestSeen,
  ...actions
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const query = useMessages(roomId, anchor);
  const { hasPreviousPage, hasNextPage, isFetchingPreviousPage, isFetchingNextPage } = query;
  const messages = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const scroller = useRef<HTMLDivElement>(null);
  /** The distance from the content's bottom to the top of the view, kept while a page is added above. */
  const keptFromBottom = useRef<number | null>(null);
  const placed = useRef(false);
  const [atBottom, setAtBottom] = useState(true);
  const [unseen, setUnseen] = useState(0);
  const last = messages.at(-1);
  const first = messages[0];
  const atNewest = !hasNextPage;

  const names = useMemo(() => new Map(members.map((member) => [member.id, member.name])), [members]);

  const loadOlder = useCallback(() => {
    const element = scroller.current;
    if (!element || !hasPreviousPage || isFetchingPreviousPage) return;
    keptFromBottom.current = element.scrollHeight - element.scrollTop;
    void query.fetchPreviousPage();
  }, [hasPreviousPage, isFetchingPreviousPage, query.fetchPreviousPage]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < AT_BOTTOM_PX;
    setAtBottom(bottom);
    if (bottom) setUnseen(0);
    if (element.scrollTop < LOAD_OLDER_PX) loadOlder();
    if (bottom && hasNextPage && !isFetchingNextPage) void query.fetchNextPage();
  };

  // Where the view goes when the first or last message changes: before the browser paints, so
  // nothing jumps. (Other renders find the same edges and leave the view alone.)
  const edges = `${first?.seq}:${last?.seq}`;
  const placedEdges = useRef('');
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || edges === placedEdges.current || !last) return;
    placedEdges.current = edges;
    if (keptFromBottom.current !== null) {
      // A page was added above: the same messages stay where they were.
      element.scrollTop = element.scrollHeight - keptFromBottom.current;
      keptFromBottom.current = null;
    } else if (!placed.current) {
      placed.current = true;
      const target = anchor === null ? null : element.querySelector(`[data-seq="${anchor}"]`);
      if (target) target.scrollIntoView({ block: 'center' });
      else element.scrollTop = element.scrollHeight;
    } else if (atBottom || last.sender?.id === myId) {
      element.scrollTop = element.scrollHeight;
    } else {
      setUnseen((count) => count + 1);
    }
    // A first page shorter than the view cannot be scrolled: the older one is asked for at once.
    if (element.clientHeight > 0 && element.scrollHeight <= element.clientHeight) loadOlder();
  }, [edges, last, anchor, atBottom, myId, loadOlder]);

  useEffect(() => {
    if (highlight === null) return;
    scroller.current?.querySelector(`[data-seq="${highlight}"]`)?.scrollIntoView({ block: 'center' });
  }, [highlight]);

  useEffect(() => {
    onNewestSeen(atBottom && atNewest && last ? last.seq : null);
  }, [atBottom, atNewest, last, onNewestSeen]);

  const receipts = useReceipts(messages, members, myId);
  const incoming = last && last.sender?.id !== myId ? last : undefined;

  if (query.isPending)
    return (
      <Center className={classes.messages} aria-busy>
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  if (query.isError)
    return (
      <div className={classes.messages}>
        <Alert color="red" m="md" title={t('errors.messages')}>
          {errorMessageOf(query.error)}
        </Alert>
      </div>
    );

  return (
    <div className={classes.messagesFrame}>
      <section
        ref={scroller}
        className={classes.messages}
        onScroll={onScroll}
        aria-label={t('messagesLabel')}
      >
        {isFetchingPreviousPage ? (
          <Center py="sm">
            <Loader size="xs" aria-label={t('loadingOlder')} />
          </Center>
        ) : null}
        {!hasPreviousPage && messages.length ? (
          <Text size="xs" c="dimmed" ta="center" py="md">
            {t('historyStart')}
          </Text>
        ) : null}
        {messages.length === 0 ? (
          <Stack align="center" gap={6} py={60} c="dimmed">
            <IconMessages size={40} stroke={1.4} aria-hidden />
            <Text fw={600}>{t('empty.title')}</Text>
            <Text size="sm">{t('empty.hint')}</Text>
          </Stack>
        ) : null}
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const newDay = !previous || dayOf(previous.createdAt) !== dayOf(message.createdAt);
          const firstUnread =
            message.seq > readUpTo && message.sender?.id !== myId && (!previous || previous.seq <= readUpTo);
          const groupStart = startsGroup(previous, message, readUpTo, myId);
          const next = messages[index + 1];
          const groupEnd = !next || startsGroup(message, next, readUpTo, myId);
          return (
            <Fragment key={message.id}>
              {newDay ? (
                <div className={classes.divider}>
                  <span>{dayLabel(dayOf(message.createdAt))}</span>
                </div>
              ) : null}
              {firstUnread ? (
                <div className={classes.divider} data-unread>
                  <span>{t('newMessages')}</span>
                </div>
              ) : null}
              <MessageItem
                message={message}
                mine={message.sender?.id === myId}
                groupStart={groupStart}
                groupEnd={groupEnd}
                highlighted={message.seq === highlight}
                names={names}
                myId={myId}
                receipt={receipts.get(message.id)}
                onJump={onJump}
                {...actions}
              />
            </Fragment>
          );
        })}
        {isFetchingNextPage ? (
          <Center py="sm">
            <Loader size="xs" aria-label={t('loading')} />
          </Center>
        ) : null}
      </section>
      {!atBottom || !atNewest ? (
        <Button
          className={classes.jump}
          size="xs"
          radius="xl"
          leftSection={<IconArrowDown size={14} aria-hidden />}
          onClick={() => {
            if (!atNewest) onJumpToNewest();
            else if (scroller.current) scroller.current.scrollTop = scroller.current.scrollHeight;
          }}
        >
          {unseen ? t('unseen', { count: unseen }) : t('jumpToNewest')}
        </Button>
      ) : null}
      <VisuallyHidden aria-live="polite">
        {incoming
          ? t('announce', { name: incoming.sender?.name ?? t('deletedUser'), body: incoming.body })
          : ''}
      </VisuallyHidden>
    </div>
  );
}

/** Whether `message` starts a new run (avatar and name shown) after `previous`. */
function startsGroup(
  previous: ChatMessage | undefined,
  message: ChatMessage,
  readUpTo: number,
  myId: string | undefined,
): boolean {
  if (!previous || dayOf(previous.createdAt) !== dayOf(message.createdAt)) return true;
  if (previous.sender?.id !== message.sender?.id) return true;
  // The "New messages" line splits a run.
  if (message.seq > readUpTo && previous.seq <= readUpTo && message.sender?.id !== myId) return true;
  return Date.parse(message.createdAt) - Date.parse(previous.createdAt) > GROUP_GAP_MS;
}

/** "Seen by Ana, Bo" under the caller's last message (direct rooms: "Seen"). */
function useReceipts(messages: ChatMessage[], members: readonly ChatMember[], myId: string | undefined) {
  const { t } = useTranslation('chat');
  return useMemo(() => {
    const receipts = new Map<string, string>();
    const mine = messages.findLast((message) => message.sender?.id === myId);
    if (!mine) return receipts;
    const readers = members.filter((member) => member.id !== myId && member.lastReadSeq >= mine.seq);
    if (!readers.length) return receipts;
    if (members.length === 2) receipts.set(mine.id, t('seen'));
    else if (readers.length === members.length - 1) receipts.set(mine.id, t('seenByAll'));
    else {
      const names = readers
        .slice(0, 3)
        .map((reader) => reader.name)
        .join(', ');
      const more = readers.length - 3;
      receipts.set(mine.id, more > 0 ? t('seenByMore', { names, count: more }) : t('seenBy', { names }));
    }
    return receipts;
  }, [messages, members, myId, t]);
}
