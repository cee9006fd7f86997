import type { FileRecord } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconArrowLeft,
  IconCornerUpLeftDouble,
  IconPencil,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AttachmentItem } from '../../components/attachments/AttachmentsPanel';
import { FilePreview } from '../../components/files';
import { errorMessageOf } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSessionUser } from '../../lib/session';
import { type MailAddress, type MailMessage, type MailThreadEntry, useChangeEntries, useThread } from './api';
import type { ComposerRequest } from './Composer';
import { fullDate, initialsOf, labelColors, listDate } from './look';
import { MailBody } from './MailBody';
import classes from './mail.module.css';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** "Re: subject" once (a reply of a reply keeps one prefix). */
function prefixed(prefix: string, subject: string) {
  return new RegExp(`^${prefix}:`, 'i').test(subject) ? subject : `${prefix}: ${subject}`;
}

/** The quote of a message below a reply or a forward. */
function quoted(intro: string, message: MailMessage) {
  return `<p></p><p>${escapeHtml(intro)}</p><blockquote>${message.bodyHtml}</blockquote>`;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/**
 * An open conversation: its subject and label, each message (the latest open, earlier ones folded to
 * a line that opens them) with sender, recipients, date, body and attachments; reply, reply all and
 * forward open the composer prefilled; the thread can be starred or moved to trash.
 */
export function ThreadView({
  forId,
  backHref,
  backLabel,
  onCompose,
  onEditDraft,
}: {
  forId: string;
  backHref: string;
  backLabel: string;
  onCompose: (request: ComposerRequest) => void;
  /** Opens the composer on a draft (its message id). */
  onEditDraft: (messageId: string) => void;
}) {
  const { t } = useTranslation('mail');
  const thread = useThread(forId);
  const me = useSessionUser();
  const change = useChangeEntries();
  const navigate = useNavigate();
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());

  if (thread.isPending)
    return (
      <Stack p="lg" gap="md" aria-busy="true">
        <Skeleton h={28} w="50%" />
        <Skeleton h={160} />
      </Stack>
    );
  if (thread.isError)
    return (
      <Stack p="lg">
        <BackLink href={backHref} label={backLabel} />
        <Alert color="red" role="alert" title={t('thread.loadFailed')}>
          {errorMessageOf(thread.error)}
        </Alert>
      </Stack>
    );

  const { entries } = thread.data;
  const last = entries.at(-1);
  const subject = thread.data.subject || t('list.noSubject');
  const starred = entries.some((entry) => entry.starred);
  const label = entries.find((entry) => entry.label)?.label ?? null;
  const isMine = (address: string) => Boolean(me && sameAddress(me.email, address));

  const reply = (entry: MailThreadEntry, all: boolean) => {
    const message = entry.message;
    const fromMe = isMine(message.from.address);
    const others = (list: MailAddress[]) => list.filter((recipient) => !isMine(recipient.address));
    const to: MailAddress[] = fromMe ? message.to : [message.from];
    const rest = all ? others(fromMe ? message.cc : [...message.to, ...message.cc]) : [];
    onCompose({
      kind: 'reply',
      existing: null,
      initial: {
        to: dedupe(to),
        cc: dedupe(rest).filter(
          (recipient) => !to.some((first) => sameAddress(first.address, recipient.address)),
        ),
        bcc: [],
        subject: prefixed('Re', message.subject),
        bodyHtml: quoted(
          t('thread.wrote', { date: fullDate(message.sentAt ?? message.createdAt), name: message.from.name }),
          message,
        ),
        inReplyTo: message.id,
      },
    });
  };

  const forward = (entry: MailThreadEntry) => {
    const message = entry.message;
    onCompose({
      kind: 'forward',
      existing: null,
      initial: {
        to: [],
        cc: [],
        bcc: [],
        subject: prefixed('Fwd', message.subject),
        bodyHtml: quoted(t('thread.forwarded'), message),
        forwardOf: message.id,
      },
    });
  };

  const ids = entries.map((entry) => entry.id);
  const toggleStar = () => change.mutate({ ids, starred: !starred });
  const trash = () =>
    change.mutate(
      { ids, folder: 'trash' },
      {
        onSuccess: () => {
          notifySuccess(t('bulk.trashed', { count: 1 }));
          navigate(backHref);
        },
        onError: (error) => notifyError(errorMessageOf(error), { title: t('bulk.failed') }),
      },
    );

  return (
    <article className={classes.thread} aria-labelledby="mail-thread-subject">
      <Group className={classes.threadHeader} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <BackLink href={backHref} label={backLabel} />
          <Title order={2} size="h4" id="mail-thread-subject" className={classes.threadSubject}>
            {subject}
          </Title>
          {label ? (
            <Badge variant="light" color={labelColors[label]} className={classes.threadLabel}>
              {t(`labels.${label}`)}
            </Badge>
          ) : null}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={starred ? t('list.unstar') : t('list.star')} withArrow>
            <ActionIcon
              variant="subtle"
              color={starred ? 'yellow' : 'gray'}
              size="lg"
              aria-pressed={starred}
              aria-label={starred ? t('list.unstar') : t('list.star')}
              onClick={toggleStar}
            >
              {starred ? (
                <IconStarFilled size={18} aria-hidden="true" />
              ) : (
                <IconStar size={18} aria-hidden="true" />
              )}
            </ActionIcon>
          </Tooltip>
          <ToolButton label={t('thread.trash')} icon={IconTrash} size="lg" onClick={trash} />
        </Group>
      </Group>
      <Text size="xs" c="dimmed" px="lg" mt={-4} mb="sm">
        {t('thread.messages', { count: entries.length })}
      </Text>
      <Stack gap="sm" px="lg" pb="lg" component="ol" className={classes.messages}>
        {entries.map((entry) => {
          const open = entry === last || opened.has(entry.id);
          return (
            <li key={entry.id}>
              {open ? (
                <MessageCard
                  entry={entry}
                  isMine={isMine}
                  onReply={() => reply(entry, false)}
                  onReplyAll={() => reply(entry, true)}
                  onForward={() => forward(entry)}
                  onEditDraft={entry.category === 'draft' ? () => onEditDraft(entry.message.id) : undefined}
                />
              ) : (
                <UnstyledButton
                  className={classes.folded}
                  onClick={() => setOpened((current) => new Set(current).add(entry.id))}
                  aria-label={t('thread.expand', { name: entry.message.from.name })}
                >
                  <Avatar size={28} radius="xl" color="initials" name={entry.message.from.name}>
                    {initialsOf(entry.message.from.name)}
                  </Avatar>
                  <Text size="sm" fw={600} className={classes.foldedName}>
                    {entry.message.from.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate="end" className={classes.foldedTeaser}>
                    {entry.message.teaser}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.foldedDate}>
                    {listDate(entry.message.sentAt ?? entry.message.createdAt)}
                  </Text>
                </UnstyledButton>
              )}
            </li>
          );
        })}
      </Stack>
      {last && last.category !== 'draft' ? (
        <Group px="lg" pb="lg" gap="sm">
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} aria-hidden="true" />}
            onClick={() => reply(last, false)}
          >
            {t('thread.reply')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconCornerUpLeftDouble size={16} aria-hidden="true" />}
            onClick={() => reply(last, true)}
          >
            {t('thread.replyAll')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowForwardUp size={16} aria-hidden="true" />}
            onClick={() => forward(last)}
          >
            {t('thread.forward')}
          </Button>
        </Group>
      ) : null}
    </article>
  );
}

function dedupe(list: MailAddress[]): MailAddress[] {
  const seen = new Set<string>();
  return list.filter((recipient) => {
    const key = recipient.address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon component={Link} to={href} variant="subtle" color="gray" size="lg" aria-label={label}>
        <IconArrowLeft size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}

/** One message, unfolded. */
function MessageCard({
  entry,
  isMine,
  onReply,
  onReplyAll,
  onForward,
  onEditDraft,
}: {
  entry: MailThreadEntry;
  isMine: (address: string) => boolean;
  onReply: () => void;
  onReplyAll: () => void;
  onForward: () => void;
  onEditDraft: (() => void) | undefined;
}) {
  const { t } = useTranslation('mail');
  const message = entry.message;
  const [previewed, setPreviewed] = useState<number | null>(null);
  const names = (list: MailAddress[]) =>
    list
      .map((recipient) => (isMine(recipient.address) ? t('thread.me') : recipient.name || recipient.address))
      .join(', ');
  return (
    <Paper withBorder radius="md" p="md" className={classes.message}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <Avatar radius="xl" color="initials" name={message.from.name}>
            {initialsOf(message.from.name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm">
                {message.from.name}
              </Text>
              <Text size="xs" c="dimmed">
                &lt;{message.from.address}&gt;
              </Text>
              {entry.category === 'draft' ? (
                <Badge size="xs" color="red" variant="light">
                  {t('thread.draft')}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" className={classes.recipients}>
              {t('thread.to')}: {names(message.to)}
              {message.cc.length ? ` · ${t('thread.cc')}: ${names(message.cc)}` : ''}
              {message.bcc.length ? ` · ${t('thread.bcc')}: ${names(message.bcc)}` : ''}
            </Text>
          </Stack>
        </Group>
        <Group gap={2} wrap="nowrap">
          <Text size="xs" c="dimmed" className={classes.messageDate}>
            <time dateTime={message.sentAt ?? message.createdAt}>
              {fullDate(message.sentAt ?? message.createdAt)}
            </time>
          </Text>
          {onEditDraft ? (
            <ToolButton label={t('thread.editDraft')} icon={IconPencil} onClick={onEditDraft} />
          ) : (
            <>
              <ToolButton label={t('thread.reply')} icon={IconArrowBackUp} onClick={onReply} />
              <ToolButton label={t('thread.replyAll')} icon={IconCornerUpLeftDouble} onClick={onReplyAll} />
              <ToolButton label={t('thread.forward')} icon={IconArrowForwardUp} onClick={onForward} />
            </>
          )}
        </Group>
      </Group>
      <MailBody html={message.bodyHtml} />
      {entry.delivery ? (
        <Text size="xs" c={entry.delivery === 'failed' ? 'red' : 'dimmed'} mt="sm">
          {t(`thread.delivery.${entry.delivery}`)}
        </Text>
      ) : null}
      {message.attachments.length > 0 ? (
        <Stack gap={4} mt="md">
          <Text size="xs" fw={600} c="dimmed">
            {t('thread.attachments', { count: message.attachments.length })}
          </Text>
          <Stack component="ul" gap={4} p={0} m={0} className={classes.attachmentList}>
            {message.attachments.map((file: FileRecord) => (
              <AttachmentItem
                key={file.id}
                file={file}
                onPreview={(shown) => setPreviewed(message.attachments.indexOf(shown))}
              />
            ))}
          </Stack>
          <FilePreview
            files={message.attachments}
            index={previewed}
            onIndexChange={setPreviewed}
            onClose={() => setPreviewed(null)}
          />
        </Stack>
      ) : null}
    </Paper>
  );
}

/** A grey icon button named by its tooltip (the thread's and each message's actions). */
function ToolButton({
  label,
  icon: Icon,
  size = 'md',
  onClick,
}: {
  label: string;
  icon: typeof IconTrash;
  size?: 'md' | 'lg';
  onClick: () => void;
}) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="gray" size={size} aria-label={label} onClick={onClick}>
        <Icon size={size === 'lg' ? 18 : 16} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
