import type {
  ChatContactsResponse,
  ChatMessage,
  ChatMessageInput,
  ChatMessagePatch,
  ChatMessagesPage,
  ChatReadResponse,
  ChatRoomDetail,
  ChatRoomInput,
  ChatRoomPatch,
  ChatRoomSummary,
  ChatRoomsResponse,
  FileRecord,
} from '@ledgerdesk/contracts';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../lib/api';
import { writeLive } from '../../lib/live-cache';
import { queryKeys } from '../../lib/query-keys';
import { uploadFiles } from '../../lib/upload';

/*
 * The chat's data: every key sits under one root (`['chat', …]`), so a resync after the live
 * connection comes back refreshes all of it with one invalidation.
 */

const root = queryKeys.all('/chat');

/** Where a conversation is opened: at its newest page (null) or around one message (a search hit). */
export type Anchor = number | null;

export const chatKeys = {
  all: root,
  rooms: [...root, 'rooms'] as const,
  room: (roomId: string) => [...root, 'room', roomId] as const,
  messagesOf: (roomId: string) => [...root, 'messages', roomId] as const,
  messages: (roomId: string, anchor: Anchor) => [...root, 'messages', roomId, anchor] as const,
  search: (roomId: string, q: string) => [...root, 'search', roomId, q] as const,
  contacts: [...root, 'contacts'] as const,
};

/** What a write answers (SPEC §8): the toast's text and the record as saved. */
interface Saved<T> {
  successMessage: string;
  data: T;
}

/** A page of messages, and where it was asked from: `before` an older page, `after` a newer one. */
export type PageParam = { before?: number; after?: number; around?: number };
export type MessagePages = InfiniteData<ChatMessagesPage, PageParam>;

export function useRooms() {
  return useQuery({
    queryKey: chatKeys.rooms,
    queryFn: ({ signal }) => api.get<ChatRoomsResponse>('/chat/rooms', { signal }),
  });
}

export function useRoom(roomId: string | null) {
  return useQuery({
    queryKey: chatKeys.room(roomId ?? ''),
    queryFn: ({ signal }) => api.get<ChatRoomDetail>(`/chat/rooms/${roomId}`, { signal }),
    enabled: roomId !== null,
  });
}

export function useContacts() {
  return useQuery({
    queryKey: chatKeys.contacts,
    queryFn: ({ signal }) => api.get<ChatContactsResponse>('/chat/contacts', { signal }),
  });
}

/**
 * A room's messages as pages in time order: `fetchPreviousPage` brings the older page (scrolling
 * up), `fetchNextPage` the newer one (only after a jump to an older message).
 */
export function useMessages(roomId: string, anchor: Anchor) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(roomId, anchor),
    queryFn: ({ pageParam, signal }) =>
      api.get<ChatMessagesPage>(`/chat/rooms/${roomId}/messages`, { query: pageParam, signal }),
    initialPageParam: (anchor === null ? {} : { around: anchor }) as PageParam,
    getPreviousPageParam: (first) => {
      const oldest = first.items[0];
      return first.hasMore && oldest ? { before: oldest.seq } : undefined;
    },
    getNextPageParam: (last) => {
      const newest = last.items.at(-1);
      return last.hasNewer && newest ? { after: newest.seq } : undefined;
    },
  });
}

export function useSearchMessages(roomId: string, q: string) {
  return useQuery({
    queryKey: chatKeys.search(roomId, q),
    queryFn: ({ signal }) =>
      api.get<ChatMessagesPage>(`/chat/rooms/${roomId}/messages`, { query: { q, limit: 30 }, signal }),
    enabled: q.trim().length > 0,
  });
}

// Cache updates: what a send, an edit, a delete or a live event changes ---------------------------

/** Every loaded view of a room's messages, changed page by page. */
function updatePages(
  client: QueryClient,
  roomId: string,
  change: (
    items: ChatMessage[],
    page: ChatMessagesPage,
    index: number,
    pages: ChatMessagesPage[],
  ) => ChatMessage[],
) {
  writeLive<MessagePages>(client, chatKeys.messagesOf(roomId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page, index, pages) => {
            const items = change(page.items, page, index, pages);
            return items === page.items ? page : { ...page, items };
          }),
        }
      : data,
  );
}

/** A new message: at the end of the views that show the newest page; no twin if it is there already. */
export function addMessage(client: QueryClient, message: ChatMessage) {
  updatePages(client, message.roomId, (items, page, index, pages) => {
    if (index !== pages.length - 1 || page.hasNewer) return items;
    if (pages.some((other) => other.items.some((item) => item.id === message.id))) return items;
    return [...items, message].sort((a, b) => a.seq - b.seq);
  });
}

export function replaceMessage(client: QueryClient, message: ChatMessage) {
  updatePages(client, message.roomId, (items) =>
    items.some((item) => item.id === message.id)
      ? items.map((item) => (item.id === message.id ? message : item))
      : items,
  );
}

export function removeMessage(client: QueryClient, roomId: string, messageId: string) {
  updatePages(client, roomId, (items) =>
    items.some((item) => item.id === messageId)
      ? items
          .filter((item) => item.id !== messageId)
          // A reply to it no longer quotes it (the server forgets the link too).
          .map((item) => (item.replyTo?.id === messageId ? { ...item, replyTo: undefined } : item))
      : items,
  );
}

/** The rooms list after a message: the room's last message and unread count, moved to the top. */
export function roomReceived(client: QueryClient, message: ChatMessage, myId: string | undefined) {
  let known = false;
  writeLive<ChatRoomsResponse>(client, chatKeys.rooms, (data) => {
    if (!data) return data;
    const room = data.items.find((item) => item.id === message.roomId);
    if (!room) return data;
    known = true;
    if (room.lastSeq >= message.seq) return data;
    const mine = message.sender?.id === myId;
    const updated: ChatRoomSummary = {
      ...room,
      lastSeq: message.seq,
      activityAt: message.createdAt,
      lastMessage: {
        id: message.id,
        seq: message.seq,
        teaser: teaserOf(message),
        senderName: message.sender?.name ?? '',
        senderId: message.sender?.id ?? null,
        createdAt: message.createdAt,
      },
      unread: mine ? room.unread : room.unread + 1,
      lastReadSeq: mine ? message.seq : room.lastReadSeq,
    };
    return { items: [updated, ...data.items.filter((item) => item.id !== room.id)] };
  });
  // A room the list does not hold yet (a new direct conversation): the list is fetched again.
  if (!known) void client.invalidateQueries({ queryKey: chatKeys.rooms });
}

/** The caller's read position in a room (here or on another tab): no unread left up to it. */
export function roomRead(client: QueryClient, roomId: string, lastReadSeq: number, unread: number) {
  writeLive<ChatRoomsResponse>(client, chatKeys.rooms, (data) =>
    data
      ? {
          items: data.items.map((room) =>
            room.id === roomId && room.lastReadSeq <= lastReadSeq ? { ...room, lastReadSeq, unread } : room,
          ),
        }
      : data,
  );
}

/** A member's read position, for the read receipts. */
export function memberRead(client: QueryClient, roomId: string, userId: string, lastReadSeq: number) {
  writeLive<ChatRoomDetail>(client, chatKeys.room(roomId), (room) =>
    room
      ? {
          ...room,
          members: room.members.map((member) =>
            member.id === userId && member.lastReadSeq < lastReadSeq ? { ...member, lastReadSeq } : member,
          ),
        }
      : room,
  );
}

const teaserOf = (message: ChatMessage) => message.body.replace(/\s+/g, ' ').trim().slice(0, 120);

// Writes -------------------------------------------------------------------------------------------

export interface SendInput extends ChatMessageInput {
  files?: File[];
}

/** Sends a message, then uploads its files to it (the server attaches them to the message). */
export function useSendMessage(roomId: string, myId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ files = [], ...input }: SendInput) => {
      const { data: message } = await api.post<Saved<ChatMessage>>(`/chat/rooms/${roomId}/messages`, {
        ...input,
        withFiles: files.length > 0 ? true : undefined,
      });
      addMessage(client, message);
      roomReceived(client, message, myId);
      if (files.length === 0) return message;
      const uploaded = await uploadFiles<{ files: FileRecord[] }>(
        `/chat/messages/${message.id}/attachments`,
        files,
      );
      const withFiles = { ...message, attachments: [...message.attachments, ...uploaded.files] };
      replaceMessage(client, withFiles);
      return withFiles;
    },
  });
}

export function useEditMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...patch }: ChatMessagePatch & { id: string }) =>
      (await api.patch<Saved<ChatMessage>>(`/chat/messages/${id}`, patch)).data,
    onSuccess: (message) => replaceMessage(client, message),
  });
}

export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: ChatMessage) => api.delete(`/chat/messages/${message.id}`),
    onSuccess: (_answer, message) => {
      removeMessage(client, message.roomId, message.id);
      void client.invalidateQueries({ queryKey: chatKeys.rooms });
    },
  });
}

export function useMarkRead(roomId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (seq: number) =>
      (await api.post<Saved<ChatReadResponse>>(`/chat/rooms/${roomId}/read`, { seq })).data,
    onSuccess: (answer) => roomRead(client, answer.roomId, answer.lastReadSeq, answer.unread),
  });
}

export function useCreateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ChatRoomInput) =>
      (await api.post<Saved<ChatRoomDetail>>('/chat/rooms', input)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: chatKeys.rooms }),
  });
}

/** The direct room with a user, made on first use. */
export function useOpenDirect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      (await api.post<Saved<ChatRoomDetail>>('/chat/direct', { userId })).data,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: chatKeys.rooms }),
        client.invalidateQueries({ queryKey: chatKeys.contacts }),
      ]),
  });
}

/** Changes to a room and its members (owners; leaving is anyone's): the room and the list refetch. */
export function useRoomChanges(roomId: string) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: chatKeys.room(roomId) }),
      client.invalidateQueries({ queryKey: chatKeys.rooms }),
    ]);
  return {
    rename: useMutation({
      mutationFn: (patch: ChatRoomPatch) => api.patch<ChatRoomDetail>(`/chat/rooms/${roomId}`, patch),
      onSuccess: refresh,
    }),
    addMembers: useMutation({
      mutationFn: (userIds: string[]) => api.post(`/chat/rooms/${roomId}/members`, { userIds }),
      onSuccess: refresh,
    }),
    removeMember: useMutation({
      mutationFn: (userId: string) => api.delete(`/chat/rooms/${roomId}/members/${userId}`),
      onSuccess: refresh,
    }),
  };
}
