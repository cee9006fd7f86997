import type {
  ChatContactsResponse,
  ChatLiveMessage,
  ChatRoomDetail,
  ChatRoomsResponse,
  ChatUserStatus,
} from '@ledgerdesk/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { type LiveEvent, sendLive, useLiveEvent } from '../../lib/live';
import { writeLive } from '../../lib/live-cache';
import { addMessage, chatKeys, memberRead, removeMessage, replaceMessage, roomReceived } from './api';
import { typingStarted, typingStopped } from './typing';

/** The sender tells the room at most this often that they are typing. */
export const TYPING_EVERY_MS = 3000;

/** A live event about the chat, applied to what the page holds: no refetch for a new message. */
export function applyChatEvent(client: QueryClient, event: ChatLiveMessage, myId: string | undefined) {
  switch (event.type) {
    case 'chat.message':
      addMessage(client, event.message);
      roomReceived(client, event.message, myId);
      if (event.message.sender) typingStopped(event.message.roomId, event.message.sender.id);
      break;
    case 'chat.updated':
      replaceMessage(client, event.message);
      break;
    case 'chat.deleted':
      removeMessage(client, event.roomId, event.id);
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
      break;
    case 'chat.read':
      memberRead(client, event.roomId, event.userId, event.lastReadSeq);
      // The caller read on another tab: the list's count follows.
      if (event.userId === myId) void client.invalidateQueries({ queryKey: chatKeys.rooms });
      break;
    case 'chat.typing':
      if (event.userId !== myId) typingStarted(event.roomId, event.userId, event.name);
      break;
    case 'chat.room':
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
      void client.invalidateQueries({ queryKey: chatKeys.room(event.roomId) });
      void client.invalidateQueries({ queryKey: chatKeys.contacts });
      break;
  }
}

/** Someone's presence changed: every place the chat shows it. */
export function applyPresence(client: QueryClient, userId: string, status: ChatUserStatus) {
  writeLive<ChatRoomsResponse>(client, chatKeys.rooms, (data) =>
    data
      ? {
          items: data.items.map((room) =>
            room.peer?.id === userId ? { ...room, peer: { ...room.peer, status } } : room,
          ),
        }
      : data,
  );
  writeLive<ChatContactsResponse>(client, chatKeys.contacts, (data) =>
    data
      ? { items: data.items.map((contact) => (contact.id === userId ? { ...contact, status } : contact)) }
      : data,
  );
  writeLive<ChatRoomDetail>(client, [...chatKeys.all, 'room'], (room) =>
    room
      ? {
          ...room,
          members: room.members.map((member) => (member.id === userId ? { ...member, status } : member)),
        }
      : room,
  );
}

/**
 * The chat's share of the live connection: its events update the cache, a reconnect refetches
 * everything (what was missed meanwhile), and `sendTyping` tells a room the caller types.
 */
export function useChatLive(myId: string | undefined) {
  const client = useQueryClient();
  const lastTyping = useRef<{ roomId: string; at: number } | null>(null);
  useLiveEvent('chat.*', (event: LiveEvent) => applyChatEvent(client, event as ChatLiveMessage, myId));
  useLiveEvent('presence', (event) => applyPresence(client, event.userId, event.status));
  useLiveEvent('resync', () => void client.invalidateQueries({ queryKey: chatKeys.all }));
  const sendTyping = useCallback((roomId: string) => {
    const now = Date.now();
    const last = lastTyping.current;
    if (last && last.roomId === roomId && now - last.at < TYPING_EVERY_MS) return;
    lastTyping.current = { roomId, at: now };
    sendLive({ type: 'chat.typing', roomId });
  }, []);
  return { sendTyping };
}
