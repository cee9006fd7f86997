import type { ChatMessage, FileRecord } from '@ledgerdesk/contracts';
import { ActionIcon, Menu, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../components/files';
import { formatBytes, formatDateTime } from '../../lib/format';
import classes from './chat.module.css';
import { PersonAvatar } from './people';
import { timeOf } from './time';

export interface MessageActions {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  /** Shows a message of the room (a quoted one). */
  onJump: (seq: number) => void;
  /** Opens an attachment in the preview. */
  onOpenFile: (files: FileRecord[], index: number) => void;
}

interface MessageItemProps extends MessageActions {
  message: ChatMessage;
  mine: boolean;
  /** The first of a run by the same sender: their name and avatar are shown. */
  groupStart: boolean;
  /** The last of such a run: its time is shown under it (the others' on hover, in their title). */
  groupEnd: boolean;
  highlighted: boolean;
  /** Names of the people the room knows, to show mentions. */
  names: ReadonlyMap<string, string>;
  myId: string | undefined;
  /** "Seen by …" under the caller's last message. */
  receipt?: string;
}

/** One message: its bubble (quote, text with mentions, files), its time, and its actions on hover or focus. */
export function MessageItem({
  message,
  mine,
  groupStart,
  groupEnd,
  highlighted,
  names,
  myId,
  receipt,
  ...actions
}: MessageItemProps) {
  const { t } = useTranslation('chat');
  const sender = message.sender?.name || t('deletedUser');
  const images = message.attachments.filter((file) => file.thumbnailUrl);
  const others = message.attachments.filter((file) => !file.thumbnailUrl);
  return (
    <div
      className={classes.message}
      data-mine={mine || undefined}
      data-group-start={groupStart || undefined}
      data-highlighted={highlighted || undefined}
      data-seq={message.seq}
      id={`chat-message-${message.seq}`}
    >
      <div className={classes.messageAvatar}>
        {groupStart && !mine ? (
          <PersonAvatar name={sender} avatarUrl={message.sender?.avatarUrl ?? null} size={34} />
        ) : null}
      </div>
      <div className={classes.messageColumn}>
        {groupStart && !mine ? (
          <Text size="xs" fw={600} className={classes.senderName}>
            {sender}
          </Text>
        ) : (
          <VisuallyHidden>{mine ? t('you') : sender}</VisuallyHidden>
        )}
        <div className={classes.bubble}>
          {message.replyTo ? (
            <UnstyledButton
              className={classes.quote}
              onClick={() => message.replyTo && actions.onJump(message.replyTo.seq)}
              aria-label={t('message.showQuoted', { name: message.replyTo.senderName || t('deletedUser') })}
            >
              <Text size="xs" fw={600}>
                {message.replyTo.senderName || t('deletedUser')}
              </Text>
              <Text size="xs" lineClamp={2}>
                {message.replyTo.teaser}
              </Text>
            </UnstyledButton>
          ) : null}
          {message.body ? (
            <Text size="sm" className={classes.body}>
              <MessageBody body={message.body} mentions={message.mentions} names={names} myId={myId} />
            </Text>
          ) : null}
          {images.length ? (
            <div className={classes.thumbs}>
              {images.map((file) => (
                <UnstyledButton
                  key={file.id}
                  className={classes.thumb}
                  onClick={() => actions.onOpenFile(message.attachments, message.attachments.indexOf(file))}
                  aria-label={t('message.openFile', { name: file.name })}
                >
                  <img src={file.thumbnailUrl ?? undefined} alt={file.name} loading="lazy" />
                </UnstyledButton>
              ))}
            </div>
          ) : null}
          {others.map((file) => (
            <UnstyledButton
              key={file.id}
              className={classes.fileChip}
              onClick={() => actions.onOpenFile(message.attachments, message.attachments.indexOf(file))}
              aria-label={t('message.openFile', { name: file.name })}
            >
              <FileIcon mime={file.mime} size={22} />
              <span>
                <Text size="xs" fw={600} lineClamp={1}>
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
              </span>
            </UnstyledButton>
          ))}
        </div>
        {groupEnd || message.editedAt || receipt ? (
          <Text size="xs" c="dimmed" className={classes.meta}>
            <time dateTime={message.createdAt} title={formatDateTime(message.createdAt)}>
              {timeOf(message.createdAt)}
            </time>
            {message.editedAt ? ` · ${t('message.edited')}` : null}
            {receipt ? ` · ${receipt}` : null}
          </Text>
        ) : (
          <VisuallyHidden>
            <time dateTime={message.createdAt}>{timeOf(message.createdAt)}</time>
          </VisuallyHidden>
        )}
      </div>
      <div className={classes.messageActions}>
        <Tooltip label={t('message.reply')} withinPortal>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('message.replyTo', { name: sender })}
            onClick={() => actions.onReply(message)}
          >
            <IconArrowBackUp size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
        {mine ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('message.more')}>
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => actions.onEdit(message)}
              >
                {t('message.edit')}
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => actions.onDelete(message)}
              >
                {t('message.delete')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </div>
    </div>
  );
}

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text with its mentions ("@Ana Lima") marked, the caller's own emphasised. */
export function MessageBody({
  body,
  mentions,
  names,
  myId,
}: {
  body: string;
  mentions: readonly string[];
  names: ReadonlyMap<string, string>;
  myId: string | undefined;
}) {
  // "@Ana Lima", or "@Ana" as people often write it; the longer first, so "@Ana Lima" wins.
  const mentioned = mentions
    .flatMap((id) => {
      const name = names.get(id);
      const first = name?.split(' ')[0];
      return name ? [{ id, name }, ...(first && first !== name ? [{ id, name: first }] : [])] : [];
    })
    .sort((a, b) => b.name.length - a.name.length);
  if (!mentioned.length) return <>{body}</>;
  const pattern = new RegExp(
    `@(${mentioned.map((entry) => escapeRegExp(entry.name)).join('|')})(?![\\p{L}\\p{N}])`,
    'gu',
  );
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of body.matchAll(pattern)) {
    const index = match.index ?? 0;
    parts.push(<Fragment key={`text-${last}`}>{body.slice(last, index)}</Fragment>);
    const person = mentioned.find((entry) => entry.name === match[1]);
    parts.push(
      <span key={index} className={classes.mention} data-me={person?.id === myId || undefined}>
        {match[0]}
      </span>,
    );
    last = index + match[0].length;
  }
  parts.push(<Fragment key={`text-${last}`}>{body.slice(last)}</Fragment>);
  return <>{parts}</>;
}
