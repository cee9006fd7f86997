import {
  CHAT_MESSAGE_HEADER,
  type ChatMessage,
  type ChatMessagesPage,
  type ChatRoomSummary,
  type ChatRoomsResponse,
  chatMessages,
} from '@ledgerdesk/contracts';
import type { DemoData } from './data';
import type { DemoCall, DemoRoute } from './handlers';
import { cannot, type MockVerb } from './messages';
import {
  added,
  deleted,
  demoUser,
  isObject,
  mockFailure,
  newKey,
  notFound,
  now,
  textIn,
  updated,
} from './reply';

/*
 * The chat's writes in the demo: a room's messages are the snapshot's answer of
 * /api/chat/rooms/{id}/messages (its newest page), the rooms list /api/chat/rooms; a message sent,
 * edited or deleted changes them, so that the room shows it after a reload.
 */

const ROOMS = '/api/chat/rooms';
const pageOf = (roomId: string) => `${ROOMS}/${roomId}/messages`;
const isPageUrl = (url: string) => /^\/api\/chat\/rooms\/[^/?]+\/messages$/.test(url);

const fail = (verb: MockVerb, { url }: DemoCall) => mockFailure(cannot(verb, url.pathname, 'message'));

/** A room's last message as the rooms list shows it (none: the room has no message left). */
const lastMessageOf = (message: ChatMessage | undefined): ChatRoomSummary['lastMessage'] =>
  message && {
    id: message.id,
    seq: message.seq,
    teaser: message.body.replace(/\s+/g, ' ').trim().slice(0, 120),
    senderName: message.sender?.name ?? '',
    senderId: message.sender?.id ?? null,
    createdAt: message.createdAt,
  };

export function chatRoutes(data: DemoData): DemoRoute[] {
  const rooms = () => (data.answer(ROOMS) as ChatRoomsResponse | undefined)?.items ?? [];
  const page = (roomId: string): ChatMessagesPage =>
    (data.answer(pageOf(roomId)) as ChatMessagesPage | undefined) ?? {
      items: [],
      hasMore: false,
      hasNewer: false,
    };
  /** The room's entry of the rooms list changed (and put first when `first`). */
  const changeRoom = (roomId: string, change: (room: ChatRoomSummary) => ChatRoomSummary, first = false) =>
    data.changeAnswers<ChatRoomsResponse>(ROOMS, (answer) => {
      const room = answer.items.find((item) => item.id === roomId);
      if (!room) return answer;
      const others = answer.items.filter((item) => item !== room);
      const next = change(room);
      return {
        ...answer,
        items: first ? [next, ...others] : answer.items.map((item) => (item === room ? next : item)),
      };
    });
  /** The message of that id, in whichever room's page holds it. */
  const find = (id: string) => {
    for (const [, answer] of data.answersWhere(isPageUrl)) {
      const message = (answer as ChatMessagesPage).items.find((item) => item.id === id);
      if (message) return message;
    }
    return undefined;
  };

  const send = async (roomId: string, body: string, replyToId: unknown): Promise<ChatMessage> => {
    const { items } = page(roomId);
    const room = rooms().find((item) => item.id === roomId);
    const user = demoUser(data);
    const replied = typeof replyToId === 'string' ? items.find((item) => item.id === replyToId) : undefined;
    const message: ChatMessage = {
      id: newKey(),
      roomId,
      seq: Math.max(room?.lastSeq ?? 0, ...items.map((item) => item.seq)) + 1,
      sender: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), avatarUrl: null },
      body,
      ...(replied && {
        replyTo: {
          id: replied.id,
          seq: replied.seq,
          teaser: lastMessageOf(replied)?.teaser ?? '',
          senderName: replied.sender?.name ?? '',
        },
      }),
      mentions: [],
      createdAt: now(),
      editedAt: null,
      attachments: [],
    };
    await data.putAnswer(pageOf(roomId), { ...page(roomId), items: [...items, message] });
    await changeRoom(
      roomId,
      (summary) => ({
        ...summary,
        lastMessage: lastMessageOf(message),
        lastSeq: message.seq,
        lastReadSeq: message.seq,
        activityAt: message.createdAt,
      }),
      true,
    );
    return message;
  };

  const remove = async (id: string | null, call: DemoCall) => {
    if (!call.authorized || !id) return fail('delete', call);
    const message = find(id);
    if (!message) return notFound();
    const items = page(message.roomId).items.filter((item) => item.id !== id);
    await data.putAnswer(pageOf(message.roomId), { ...page(message.roomId), items });
    await changeRoom(message.roomId, (room) =>
      room.lastMessage?.id === id ? { ...room, lastMessage: lastMessageOf(items.at(-1)) } : room,
    );
    // The deleted id, echoed back (SPEC §7's mock).
    return deleted({ id });
  };

  return [
    {
      method: 'post',
      route: `${ROOMS}/{id}/messages`,
      handle: async (call) => {
        const body = textIn(call.body, 'body');
        if (!call.authorized || !body) return fail('add', call);
        const roomId = call.params.id ?? '';
        if (!rooms().some((room) => room.id === roomId)) return notFound();
        const replyToId = isObject(call.body) ? call.body.replyToId : undefined;
        return added(chatMessages.messageAdded, await send(roomId, body, replyToId));
      },
    },
    {
      // SPEC §7 add/message: the room and the text in the body; answers the spec's message shape.
      method: 'post',
      route: '/api/add/message',
      handle: async (call) => {
        const roomId = textIn(call.body, 'roomId');
        const body = textIn(call.body, 'message');
        if (!call.authorized || !roomId || !body) return fail('add', call);
        if (!rooms().some((room) => room.id === roomId)) return notFound();
        const message = await send(roomId, body, undefined);
        return added(chatMessages.messageAdded, {
          id: message.id,
          roomId,
          sender: message.sender?.name ?? '',
          senderId: message.sender?.id ?? null,
          message: message.body,
          createdAt: message.createdAt,
        });
      },
    },
    {
      method: 'patch',
      route: '/api/chat/messages/{id}',
      handle: async (call) => {
        const body = textIn(call.body, 'body');
        if (!call.authorized || !body) return fail('update', call);
        const message = find(call.params.id ?? '');
        if (!message) return notFound();
        const edited = { ...message, body, editedAt: now() };
        const { items } = page(message.roomId);
        await data.putAnswer(pageOf(message.roomId), {
          ...page(message.roomId),
          items: items.map((item) => (item.id === edited.id ? edited : item)),
        });
        return updated(edited);
      },
    },
    {
      method: 'delete',
      route: '/api/chat/messages/{id}',
      handle: (call) => remove(call.params.id ?? null, call),
    },
    {
      // SPEC §7 delete/message: the message's id in its header.
      method: 'delete',
      route: '/api/delete/message',
      handle: (call) => remove(call.request.headers.get(CHAT_MESSAGE_HEADER), call),
    },
    {
      // Opening a room reads it: no unread left in the rooms list.
      method: 'post',
      route: `${ROOMS}/{id}/read`,
      handle: async (call) => {
        const seq = isObject(call.body) ? call.body.seq : undefined;
        if (!call.authorized || typeof seq !== 'number') return fail('update', call);
        const roomId = call.params.id ?? '';
        const room = rooms().find((item) => item.id === roomId);
        if (!room) return notFound();
        const lastReadSeq = Math.max(room.lastReadSeq, Math.min(seq, room.lastSeq));
        await changeRoom(roomId, (summary) => ({ ...summary, lastReadSeq, unread: 0 }));
        return updated({ roomId, lastReadSeq, unread: 0 });
      },
    },
  ];
}
