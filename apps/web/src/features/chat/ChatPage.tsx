import { Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/page-title';
import { useSessionUser } from '../../lib/session';
import { useRooms } from './api';
import { Conversation } from './Conversation';
import classes from './chat.module.css';
import { useChatLive } from './live';
import { NewChannelDialog, NewDirectDialog } from './NewRoomDialogs';
import { Sidebar } from './Sidebar';

/**
 * The chat: rooms and contacts at the left, the open room at the right (its id in `?room=`). On a
 * phone one of the two at a time: the list, or the room with a way back.
 */
export function ChatPage() {
  const { t } = useTranslation(['chat', 'common']);
  usePageTitle(t('title'));
  const me = useSessionUser();
  const [params, setParams] = useSearchParams();
  const roomId = params.get('room');
  const rooms = useRooms();
  const room = rooms.data?.items.find((item) => item.id === roomId);
  const [dialog, setDialog] = useState<'channel' | 'direct' | null>(null);
  const open = useCallback((id: string) => setParams({ room: id }), [setParams]);
  const close = useCallback(() => setParams({}), [setParams]);
  const { sendTyping } = useChatLive(me?.id);

  return (
    <>
      <PageHeader title={t('title')} />
      <div className={classes.app} data-view={roomId ? 'room' : 'list'}>
        <Sidebar
          selected={roomId}
          hrefOf={(id) => `?room=${id}`}
          onOpen={open}
          onNewChannel={() => setDialog('channel')}
          onNewDirect={() => setDialog('direct')}
        />
        <div className={classes.main}>
          {room ? (
            <Conversation
              key={room.id}
              room={room}
              myId={me?.id}
              onBack={close}
              onTyping={sendTyping}
              onLeft={close}
            />
          ) : roomId && (rooms.isPending || rooms.isFetching) ? (
            <Center h="100%">
              <Loader size="sm" aria-label={t('loading')} />
            </Center>
          ) : (
            <Welcome missing={roomId !== null} onNew={() => setDialog('direct')} onBack={close} />
          )}
        </div>
      </div>
      <NewChannelDialog opened={dialog === 'channel'} onClose={() => setDialog(null)} onCreated={open} />
      <NewDirectDialog opened={dialog === 'direct'} onClose={() => setDialog(null)} onOpened={open} />
    </>
  );
}

/** No room open: what to do (or, for an address naming no room of the caller's, that it is not there). */
function Welcome({ missing, onNew, onBack }: { missing: boolean; onNew: () => void; onBack: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Center h="100%" p="xl">
      <Stack align="center" gap="sm" maw={360} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light">
          <IconMessages size={36} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Text fw={700} size="lg">
          {missing ? t('missing.title') : t('welcome.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {missing ? t('missing.text') : t('welcome.text')}
        </Text>
        {missing ? (
          <Button variant="light" onClick={onBack}>
            {t('missing.back')}
          </Button>
        ) : (
          <Button variant="light" onClick={onNew}>
            {t('welcome.start')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

export { ChatPage as Component };
