import { CHAT_UNREAD_CAP, type ChatContact, type ChatRoomSummary } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Badge,
  Menu,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconHash, IconMessagePlus, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageOf } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useSessionUser } from '../../lib/session';
import { useContacts, useOpenDirect, useRooms } from './api';
import classes from './chat.module.css';
import { ChannelAvatar, PersonAvatar, unreadLabel } from './people';
import { listTimeOf } from './time';

type Tab = 'chats' | 'contacts';

interface SidebarProps {
  selected: string | null;
  /** The address of a room in the page. */
  hrefOf: (roomId: string) => string;
  onOpen: (roomId: string) => void;
  onNewChannel: () => void;
  onNewDirect: () => void;
}

/** The left column: the caller, a filter, the rooms (newest activity first) or the contacts. */
export function Sidebar({ selected, hrefOf, onOpen, onNewChannel, onNewDirect }: SidebarProps) {
  const { t } = useTranslation('chat');
  const me = useSessionUser();
  const [tab, setTab] = useState<Tab>('chats');
  const [filter, setFilter] = useState('');
  const wanted = filter.trim().toLocaleLowerCase();
  const myName = me ? `${me.firstName} ${me.lastName}`.trim() || me.username : '';

  return (
    <aside className={classes.sidebar} aria-label={t('sidebar.label')}>
      <div className={classes.sidebarHeader}>
        <PersonAvatar name={myName} avatarUrl={null} status="online" size={40} />
        <div className={classes.grow}>
          <Text fw={600} size="sm" truncate>
            {myName}
          </Text>
          <Text size="xs" c="dimmed">
            {t('status.online')}
          </Text>
        </div>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="light" size="lg" radius="xl" aria-label={t('sidebar.new')}>
              <IconMessagePlus size={18} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconHash size={16} aria-hidden />} onClick={onNewChannel}>
              {t('newChannel.title')}
            </Menu.Item>
            <Menu.Item leftSection={<IconUserPlus size={16} aria-hidden />} onClick={onNewDirect}>
              {t('newDirect.title')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
      <div className={classes.sidebarTools}>
        <TextInput
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          placeholder={t('sidebar.filter')}
          aria-label={t('sidebar.filter')}
          leftSection={<IconSearch size={16} aria-hidden />}
          radius="xl"
        />
        <SegmentedControl
          fullWidth
          size="xs"
          value={tab}
          onChange={(value) => setTab(value === 'contacts' ? 'contacts' : 'chats')}
          data={[
            { value: 'chats', label: t('sidebar.chats') },
            { value: 'contacts', label: t('sidebar.contacts') },
          ]}
          aria-label={t('sidebar.show')}
        />
      </div>
      <div className={classes.sidebarList}>
        {tab === 'chats' ? (
          <RoomList selected={selected} wanted={wanted} hrefOf={hrefOf} />
        ) : (
          <ContactList
            wanted={wanted}
            onOpen={(roomId) => {
              // The room opened is then shown where it is listed, among the chats.
              setTab('chats');
              onOpen(roomId);
            }}
          />
        )}
      </div>
    </aside>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="sm" p="sm" aria-busy>
      {['a', 'b', 'c', 'd', 'e'].map((key) => (
        <Skeleton key={key} height={48} radius="md" />
      ))}
    </Stack>
  );
}

function RoomList({
  selected,
  wanted,
  hrefOf,
}: {
  selected: string | null;
  wanted: string;
  hrefOf: (id: string) => string;
}) {
  const { t } = useTranslation('chat');
  const rooms = useRooms();
  if (rooms.isPending) return <ListSkeleton />;
  if (rooms.isError)
    return (
      <Text c="red" size="sm" p="md">
        {errorMessageOf(rooms.error)}
      </Text>
    );
  const shown = rooms.data.items.filter((room) => room.name.toLocaleLowerCase().includes(wanted));
  if (!shown.length)
    return (
      <Text c="dimmed" size="sm" p="md" ta="center">
        {wanted ? t('sidebar.noMatch') : t('sidebar.noRooms')}
      </Text>
    );
  return (
    <nav aria-label={t('sidebar.chats')}>
      <ul className={classes.plainList}>
        {shown.map((room) => (
          <li key={room.id}>
            <RoomLink room={room} current={room.id === selected} href={hrefOf(room.id)} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function RoomLink({ room, current, href }: { room: ChatRoomSummary; current: boolean; href: string }) {
  const { t } = useTranslation('chat');
  const me = useSessionUser();
  const last = room.lastMessage;
  const mine = last?.senderId === me?.id;
  const who = mine
    ? t('you')
    : room.kind === 'channel' && last?.senderName
      ? last.senderName.split(' ')[0]
      : '';
  const teaser = !last
    ? room.topic || t('sidebar.noMessages')
    : who
      ? t('sidebar.teaser', { name: who, text: last.teaser })
      : last.teaser;
  return (
    <Link
      to={href}
      className={classes.roomLink}
      aria-current={current ? 'page' : undefined}
      data-unread={room.unread > 0 || undefined}
    >
      {room.peer ? (
        <PersonAvatar
          name={room.peer.name}
          avatarUrl={room.peer.avatarUrl}
          status={room.peer.status}
          size={40}
        />
      ) : (
        <ChannelAvatar size={40} />
      )}
      <span className={classes.roomText}>
        <span className={classes.roomTop}>
          <Text component="span" size="sm" fw={room.unread ? 700 : 600} truncate>
            {room.kind === 'channel' ? `# ${room.name}` : room.name}
          </Text>
          {last ? (
            <Text component="span" size="xs" c={current ? undefined : 'dimmed'} className={classes.roomTime}>
              {listTimeOf(last.createdAt)}
            </Text>
          ) : null}
        </span>
        <span className={classes.roomTop}>
          <Text component="span" size="xs" c={current ? undefined : 'dimmed'} truncate>
            {teaser}
          </Text>
          {room.unread ? (
            <Badge size="sm" circle={room.unread < 10} className={classes.unread} data-testid="unread-badge">
              {unreadLabel(room.unread, CHAT_UNREAD_CAP)}
              <VisuallyHidden> {t('sidebar.unread', { count: room.unread })}</VisuallyHidden>
            </Badge>
          ) : null}
        </span>
        {room.peer ? <VisuallyHidden>{t(`status.${room.peer.status}`)}</VisuallyHidden> : null}
      </span>
    </Link>
  );
}

function ContactList({ wanted, onOpen }: { wanted: string; onOpen: (roomId: string) => void }) {
  const { t } = useTranslation('chat');
  const contacts = useContacts();
  const open = useOpenDirect();
  if (contacts.isPending) return <ListSkeleton />;
  if (contacts.isError)
    return (
      <Text c="red" size="sm" p="md">
        {errorMessageOf(contacts.error)}
      </Text>
    );
  const shown = contacts.data.items.filter(
    (contact) =>
      contact.name.toLocaleLowerCase().includes(wanted) || contact.email.toLocaleLowerCase().includes(wanted),
  );
  if (!shown.length)
    return (
      <Text c="dimmed" size="sm" p="md" ta="center">
        {t('sidebar.noMatch')}
      </Text>
    );
  const start = (contact: ChatContact) => {
    if (contact.roomId) onOpen(contact.roomId);
    else
      open.mutate(contact.id, {
        onSuccess: (room) => onOpen(room.id),
        onError: (error) => notifyError(errorMessageOf(error)),
      });
  };
  return (
    <ul className={classes.plainList} aria-label={t('sidebar.contacts')}>
      {shown.map((contact) => (
        <li key={contact.id}>
          <UnstyledButton className={classes.roomLink} onClick={() => start(contact)}>
            <VisuallyHidden>{t('sidebar.writeTo')}</VisuallyHidden>
            <PersonAvatar
              name={contact.name}
              avatarUrl={contact.avatarUrl}
              status={contact.status}
              size={40}
            />
            <span className={classes.roomText}>
              <span className={classes.roomTop}>
                <Text component="span" size="sm" fw={600} truncate>
                  {contact.name}
                </Text>
                {contact.badge ? (
                  <Badge size="sm" circle={contact.badge < 10} className={classes.unread}>
                    {unreadLabel(contact.badge, CHAT_UNREAD_CAP)}
                  </Badge>
                ) : null}
              </span>
              <Text component="span" size="xs" c="dimmed" truncate>
                {[t(`status.${contact.status}`), contact.location, contact.email].filter(Boolean).join(' · ')}
              </Text>
            </span>
          </UnstyledButton>
        </li>
      ))}
    </ul>
  );
}
