import type { ChatLiveMessage } from '@ledgerdesk/contracts';
import { z } from 'zod/mini';
import type { Database } from '../../db/client';
import type { LiveHub } from '../../lib/live/hub';
import { type AuthUser, can } from '../../plugins/auth';
import { CHAT_TOPIC, type ChatEvent, type ChatService } from './service';

/** How long a socket's membership of a room is trusted for typing, and how often it is relayed. */
const MEMBERSHIP_TTL_MS = 30_000;
const TYPING_EVERY_MS = 2_000;
/** Past this many remembered (socket, room) pairs the expired ones are dropped. */
const MAX_REMEMBERED = 10_000;

const typingMessage = z.object({ roomId: z.uuid() });

/**
 * Delivers chat events on this node: every node hears every event (through the database), reads
 * the room's members once, keeps those with a socket here, reads the message once, and sends it to
 * them. A node without any of the members reads nothing more.
 */
export function registerChatLive(live: LiveHub<AuthUser>, deps: { db: Database; chat: ChatService }) {
  const { db, chat } = deps;
  const send = (userIds: Iterable<string>, message: ChatLiveMessage) => live.sendTo(userIds, message);

  live.on(CHAT_TOPIC, async (payload) => {
    const event = payload as ChatEvent;
    const local = live.localUserIds();
    if (local.size === 0) return;
    const members = await chat.memberIds(event.room);
    const told = new Set(members.filter((id) => local.has(id)));
    if (event.op === 'room') for (const id of event.users ?? []) if (local.has(id)) told.add(id);
    if (told.size === 0) return;
    switch (event.op) {
      case 'new':
      case 'edit': {
        const message = await chat.messageById(event.msg);
        if (message) send(told, { type: event.op === 'new' ? 'chat.message' : 'chat.updated', message });
        return;
      }
      case 'delete':
        send(told, { type: 'chat.deleted', roomId: event.room, id: event.msg, seq: event.seq });
        return;
      case 'read':
        send(told, {
          type: 'chat.read',
          roomId: event.room,
          userId: event.user,
          lastReadSeq: event.seq,
        });
        return;
      case 'typing': {
        told.delete(event.user);
        if (told.size === 0) return;
        const name = await chat.nameOf(event.user);
        send(told, { type: 'chat.typing', roomId: event.room, userId: event.user, name });
        return;
      }
      case 'room':
        send(told, { type: 'chat.room', roomId: event.room, op: event.change });
        return;
    }
  });

  // Typing: not stored; relayed to the room's other members. A socket's membership is checked once
  // per 30 s, and one socket's typing in one room relayed at most every 2 s.
  const remembered = new Map<string, { member: boolean; until: number; relayedAt: number }>();
  live.onClientMessage('chat.typing', async (user, data, socketId) => {
    if (!can(user, 'chat.use')) return;
    const parsed = typingMessage.safeParse(data);
    if (!parsed.success) return;
    const roomId = parsed.data.roomId;
    const key = `${socketId}:${roomId}`;
    const now = Date.now();
    let entry = remembered.get(key);
    if (!entry || entry.until < now) {
      if (remembered.size > MAX_REMEMBERED)
        for (const [k, v] of remembered) if (v.until < now) remembered.delete(k);
      entry = {
        member: await chat.isMember(db, roomId, user.id),
        until: now + MEMBERSHIP_TTL_MS,
        relayedAt: 0,
      };
      remembered.set(key, entry);
    }
    if (!entry.member || now - entry.relayedAt < TYPING_EVERY_MS) return;
    entry.relayedAt = now;
    await live.publish(db, CHAT_TOPIC, { op: 'typing', room: roomId, user: user.id } satisfies ChatEvent);
  });
}
