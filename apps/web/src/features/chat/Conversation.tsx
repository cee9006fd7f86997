import type { ChatMessage, ChatRoomSummary, FileRecord } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  CloseButton,
  Group,
  Loader,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconInfoCircle, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FilePreview } from '../../components/files';
import { errorMessageOf } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { type Anchor, chatKeys, useDeleteMessage, useMarkRead, useRoom, useSearchMessages } from './api';
import { Composer } from './Composer';
import classes from './chat.module.css';
import { MessageList } from './MessageList';
import { ChannelAvatar, PersonAvatar } from './people';
import { RoomDetails } from './RoomDetails';
import { useTypists } from './typing';

interface ConversationProps {
  room: ChatRoomSummary;
  myId: string | undefined;
  /** Phone: back to the rooms list. */
  onBack: () => void;
  /** Tells the others that the caller types in this room. */
  onTyping: (roomId: string) => void;
  /** The caller left the room (or was removed): the page closes it. */
  onLeft: () => void;
}

/** One room: its header, the messages, who is typing, and the composer. */
export function Conversation({ room, myId, onBack, onTyping, onLeft }: ConversationProps) {
  const { t } = useTranslation('chat');
  const detail = useRoom(room.id);
  const members = detail.data?.members ?? [];
  const [anchor, setAnchor] = useState<Anchor>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [preview, setPreview] = useState<{ files: FileRecord[]; index: number } | null>(null);
  const [searching, setSearching] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  // The "New messages" line stays where it was when the room was opened.
  const [readUpTo] = useState(room.lastReadSeq);
  const remove = useDeleteMessage();
  const markRead = useMarkRead(room.id);
  const client = useQueryClient();
  const typists = useTypists(room.id);

  const peer = room.kind === 'direct' ? room.peer : undefined;
  const subtitle = peer
    ? t(`status.${peer.status}`)
    : room.topic || t('memberCount', { count: room.memberCount });

  // Mark read when the newest message is on screen and the tab is seen; again when the tab shows.
  const newestSeen = useRef<number | null>(null);
  const lastReadSent = useRef(room.lastReadSeq);
  const markIfSeen = useCallback(() => {
    const seq = newestSeen.current;
    if (seq === null || seq <= lastReadSent.current || document.visibilityState !== 'visible') return;
    lastReadSent.current = seq;
    markRead.mutate(seq);
  }, [markRead.mutate]);
  const onNewestSeen = useCallback(
    (seq: number | null) => {
      newestSeen.current = seq;
      markIfSeen();
    },
    [markIfSeen],
  );
  useEffect(() => {
    document.addEventListener('visibilitychange', markIfSeen);
    return () => document.removeEventListener('visibilitychange', markIfSeen);
  }, [markIfSeen]);

  /** Shows a message: where it is when loaded, else a page around it. */
  const jumpTo = (seq: number) => {
    setHighlight(seq);
    if (!document.querySelector(`#chat-message-${seq}`)) setAnchor(seq);
  };
  const jumpToNewest = () => {
    setHighlight(null);
    if (anchor === null) return;
    client.removeQueries({ queryKey: chatKeys.messages(room.id, anchor) });
    setAnchor(null);
  };

  const editLast = () => {
    const pages = client.getQueryData<{ pages: { items: ChatMessage[] }[] }>(
      chatKeys.messages(room.id, anchor),
    );
    const mine = pages?.pages
      .flatMap((page) => page.items)
      .findLast((message) => message.sender?.id === myId);
    if (mine) setEditing(mine);
  };

  return (
    <div className={classes.conversation}>
      <header className={classes.conversationHeader}>
        <Group gap="sm" wrap="nowrap" className={classes.grow}>
          <ActionIcon
            variant="subtle"
            color="gray"
            className={classes.back}
            onClick={onBack}
            aria-label={t('back')}
          >
            <IconArrowLeft size={20} aria-hidden />
          </ActionIcon>
          <div className={classes.headerPerson}>
            {peer ? (
              <PersonAvatar name={peer.name} avatarUrl={peer.avatarUrl} status={peer.status} size={40} />
            ) : (
              <ChannelAvatar size={40} />
            )}
            <div className={classes.headerText}>
              <Text fw={600} truncate component="h2" size="md">
                {room.kind === 'channel' ? `# ${room.name}` : room.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {subtitle}
              </Text>
            </div>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('search.open')}>
            <ActionIcon
              variant={searching ? 'light' : 'subtle'}
              color="gray"
              size="lg"
              onClick={() => setSearching(!searching)}
              aria-label={t('search.open')}
              aria-expanded={searching}
            >
              <IconSearch size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('details.title')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setDetailsOpen(true)}
              aria-label={t('details.title')}
            >
              <IconInfoCircle size={20} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </header>
      {searching ? (
        <RoomSearch
          roomId={room.id}
          onPick={(seq) => jumpTo(seq)}
          onClose={() => {
            setSearching(false);
            setHighlight(null);
          }}
        />
      ) : null}
      <MessageList
        key={anchor ?? 'newest'}
        roomId={room.id}
        anchor={anchor}
        highlight={highlight}
        myId={myId}
        members={members}
        readUpTo={readUpTo}
        onJump={jumpTo}
        onJumpToNewest={jumpToNewest}
        onNewestSeen={onNewestSeen}
        onReply={(message) => {
          setEditing(null);
          setReplyTo(message);
        }}
        onEdit={(message) => {
          setReplyTo(null);
          setEditing(message);
        }}
        onDelete={setDeleting}
        onOpenFile={(files, index) => setPreview({ files, index })}
      />
      <div className={classes.typing} aria-live="polite">
        {typists.length ? (
          <>
            <span className={classes.typingDots} aria-hidden>
              <span />
              <span />
              <span />
            </span>
            {typists.length === 1
              ? t('typing.one', { name: typists[0]?.name })
              : t('typing.many', { count: typists.length })}
          </>
        ) : null}
      </div>
      <Composer
        roomId={room.id}
        placeholder={t('composer.placeholder', {
          name: room.kind === 'channel' ? `#${room.name}` : room.name,
        })}
        members={members}
        myId={myId}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        editing={editing}
        onCancelEdit={() => setEditing(null)}
        onTyping={() => onTyping(room.id)}
        onEditLast={editLast}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('deleteDialog.title')}
        confirmLabel={t('deleteDialog.confirm')}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => setDeleting(null),
            onError: (error) => notifyError(errorMessageOf(error)),
          })
        }
      >
        {t('deleteDialog.text')}
      </ConfirmDialog>
      <FilePreview
        files={preview?.files ?? []}
        index={preview?.index ?? null}
        onIndexChange={(index) => preview && setPreview({ ...preview, index })}
        onClose={() => setPreview(null)}
      />
      <RoomDetails
        opened={detailsOpen}
        onClose={() => setDetailsOpen(false)}
        room={room}
        detail={detail.data}
        myId={myId}
        onLeft={onLeft}
      />
    </div>
  );
}

/** Search in the room: the hits, newest first; choosing one shows it in the conversation. */
function RoomSearch({
  roomId,
  onPick,
  onClose,
}: {
  roomId: string;
  onPick: (seq: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const [value, setValue] = useState('');
  const [q] = useDebouncedValue(value.trim(), 300);
  const hits = useSearchMessages(roomId, q);
  const field = useRef<HTMLInputElement>(null);
  // The user just asked to search: the field takes the focus.
  useEffect(() => field.current?.focus(), []);
  return (
    <div className={classes.search}>
      <TextInput
        ref={field}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={<CloseButton size="sm" aria-label={t('search.close')} onClick={onClose} />}
      />
      {q ? (
        <div className={classes.searchResults} aria-live="polite">
          {hits.isFetching && !hits.data ? <Loader size="xs" m="sm" aria-label={t('loading')} /> : null}
          {hits.data && hits.data.items.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {t('search.none')}
            </Text>
          ) : null}
          {hits.data?.items.length ? (
            <ul
              className={classes.plainList}
              aria-label={t('search.results', { count: hits.data.items.length })}
            >
              {hits.data.items.map((hit) => (
                <li key={hit.id}>
                  <UnstyledButton className={classes.searchHit} onClick={() => onPick(hit.seq)}>
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="xs" fw={600} truncate>
                        {hit.sender?.name || t('deletedUser')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(hit.createdAt)}
                      </Text>
                    </Group>
                    <Text size="sm" lineClamp={2}>
                      {hit.body}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
