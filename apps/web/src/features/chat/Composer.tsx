import { CHAT_MAX_BODY, type ChatMember, type ChatMessage } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  CloseButton,
  FileButton,
  Group,
  Text,
  Textarea,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowBackUp, IconPaperclip, IconPencil, IconSend2 } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../components/files';
import { errorMessageOf } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useEditMessage, useSendMessage } from './api';
import classes from './chat.module.css';
import { PersonAvatar } from './people';

/** The word being typed after an "@", up to the caret: what the member list is filtered by. */
const mentionAt = /(?:^|\s)@([^\s@]{0,30})$/;
const MAX_SUGGESTIONS = 6;

interface ComposerProps {
  roomId: string;
  /** Shown in the empty field: "Message #general". */
  placeholder: string;
  members: readonly ChatMember[];
  myId: string | undefined;
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  editing: ChatMessage | null;
  onCancelEdit: () => void;
  /** The user typed (the page tells the others, at most every few seconds). */
  onTyping: () => void;
  /** ↑ in the empty field: edit the caller's last message. */
  onEditLast: () => void;
}

/**
 * Writes a message (Enter sends, Shift+Enter starts a line), a reply to a quoted one, or a change
 * to one of the caller's; "@" offers the room's members; files go with the message.
 */
export function Composer({
  roomId,
  placeholder,
  members,
  myId,
  replyTo,
  onCancelReply,
  editing,
  onCancelEdit,
  onTyping,
  onEditLast,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const [body, setBody] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  /** Members picked from the list: their mention goes with the message while "@Name" stays in it. */
  const [picked, setPicked] = useState<ReadonlyMap<string, string>>(new Map());
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const send = useSendMessage(roomId, myId);
  const edit = useEditMessage();

  useEffect(() => {
    if (!editing) return;
    setBody(editing.body);
    setPicked(
      new Map(
        members
          .filter((member) => editing.mentions.includes(member.id))
          .map((member) => [member.id, member.name]),
      ),
    );
    field.current?.focus();
  }, [editing, members]);

  useEffect(() => {
    if (replyTo) field.current?.focus();
  }, [replyTo]);

  const typed = dismissed ? null : mentionAt.exec(body.slice(0, caret));
  const suggestions = useMemo(() => {
    if (!typed) return [];
    const wanted = (typed[1] ?? '').toLocaleLowerCase();
    return members
      .filter((member) => member.id !== myId && member.name.toLocaleLowerCase().includes(wanted))
      .slice(0, MAX_SUGGESTIONS);
  }, [typed, members, myId]);
  const open = suggestions.length > 0;

  const pick = (member: ChatMember) => {
    const before = body.slice(0, caret).replace(/@[^\s@]*$/, `@${member.name} `);
    const next = before + body.slice(caret);
    setBody(next);
    setPicked(new Map(picked).set(member.id, member.name));
    setActive(0);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(before.length, before.length);
      setCaret(before.length);
    });
  };

  const reset = () => {
    setBody('');
    setFiles([]);
    setPicked(new Map());
  };

  const submit = () => {
    const text = body.trim();
    if ((!text && !files.length) || send.isPending || edit.isPending) return;
    const mentions = [...picked].filter(([, name]) => text.includes(`@${name}`)).map(([id]) => id);
    if (editing) {
      if (!text) return;
      edit.mutate(
        { id: editing.id, body: text, mentions },
        {
          onSuccess: () => {
            reset();
            onCancelEdit();
          },
          onError: (error) => notifyError(errorMessageOf(error)),
        },
      );
      return;
    }
    send.mutate(
      { body: text, replyToId: replyTo?.id, mentions, files },
      {
        onError: (error) => {
          notifyError(errorMessageOf(error));
          // Not sent: the text comes back to the field unless something new was typed there.
          setBody((current) => current || text);
        },
      },
    );
    // The field is free at once: a slow answer does not hold the next message.
    reset();
    onCancelReply();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const member = suggestions[Math.min(active, suggestions.length - 1)];
        if (member) pick(member);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(true);
        return;
      }
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && (editing || replyTo)) {
      event.preventDefault();
      if (editing) {
        reset();
        onCancelEdit();
      } else onCancelReply();
    } else if (event.key === 'ArrowUp' && !body && !editing) {
      event.preventDefault();
      onEditLast();
    }
  };

  const activeMember = open ? suggestions[Math.min(active, suggestions.length - 1)] : undefined;
  return (
    <div className={classes.composer}>
      {open ? (
        <div
          className={classes.suggestions}
          id={listId}
          role="listbox"
          aria-label={t('composer.mentionList')}
        >
          {suggestions.map((member) => (
            <UnstyledButton
              key={member.id}
              id={`${listId}-${member.id}`}
              role="option"
              aria-selected={member === activeMember}
              className={classes.suggestion}
              tabIndex={-1}
              // The field keeps the focus: a click picks without blurring it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(member)}
            >
              <PersonAvatar
                name={member.name}
                avatarUrl={member.avatarUrl}
                status={member.status}
                size={26}
              />
              <Text size="sm">{member.name}</Text>
            </UnstyledButton>
          ))}
        </div>
      ) : null}
      {replyTo || editing ? (
        <Group className={classes.composerContext} gap="xs" wrap="nowrap">
          {editing ? <IconPencil size={16} aria-hidden /> : <IconArrowBackUp size={16} aria-hidden />}
          <div className={classes.grow}>
            <Text size="xs" fw={600}>
              {editing
                ? t('composer.editing')
                : t('composer.replyingTo', { name: replyTo?.sender?.name || t('deletedUser') })}
            </Text>
            {replyTo && !editing ? (
              <Text size="xs" c="dimmed" lineClamp={1}>
                {replyTo.body}
              </Text>
            ) : null}
          </div>
          <CloseButton
            size="sm"
            aria-label={editing ? t('composer.cancelEdit') : t('composer.cancelReply')}
            onClick={() => {
              if (editing) {
                reset();
                onCancelEdit();
              } else onCancelReply();
            }}
          />
        </Group>
      ) : null}
      {files.length ? (
        <Group gap="xs" className={classes.composerFiles}>
          {files.map((file, index) => (
            <Group
              key={`${file.name}-${file.size}-${file.lastModified}`}
              gap={6}
              className={classes.pendingFile}
            >
              <FileIcon mime={file.type} size={16} />
              <Text size="xs" maw={160} truncate>
                {file.name}
              </Text>
              <CloseButton
                size="xs"
                aria-label={t('composer.removeFile', { name: file.name })}
                onClick={() => setFiles(files.filter((_, other) => other !== index))}
              />
            </Group>
          ))}
        </Group>
      ) : null}
      <Group gap="xs" wrap="nowrap" align="flex-end" className={classes.composerRow}>
        <FileButton
          multiple
          onChange={(chosen) => setFiles([...files, ...chosen])}
          disabled={Boolean(editing)}
        >
          {(props) => (
            <Tooltip label={t('composer.attach')}>
              <ActionIcon
                {...props}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('composer.attach')}
                disabled={Boolean(editing)}
              >
                <IconPaperclip size={20} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          ref={field}
          className={classes.grow}
          value={body}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setCaret(event.currentTarget.selectionStart);
            setDismissed(false);
            setActive(0);
            onTyping();
          }}
          onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          aria-label={t('composer.label')}
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_MAX_BODY}
          variant="unstyled"
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={activeMember ? `${listId}-${activeMember.id}` : undefined}
        />
        <ActionIcon
          size="lg"
          radius="xl"
          onClick={submit}
          aria-label={editing ? t('composer.save') : t('composer.send')}
          disabled={!body.trim() && !files.length}
          loading={edit.isPending}
        >
          <IconSend2 size={18} aria-hidden />
        </ActionIcon>
      </Group>
      <Text size="xs" c="dimmed" className={classes.hint}>
        {t('composer.hint')}
      </Text>
    </div>
  );
}
