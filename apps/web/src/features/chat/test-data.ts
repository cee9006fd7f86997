import type { ChatMember, ChatMessage, ChatRoomDetail, ChatRoomSummary } from '@ledgerdesk/contracts';

/* Rooms, members and messages for the chat's component tests. */

export const ME = { id: '55555555-5555-4555-8555-555555555555', name: 'Ada Admin', avatarUrl: null };
export const ANA = { id: '66666666-6666-4666-8666-666666666666', name: 'Ana Lima', avatarUrl: null };
export const BO = { id: '77777777-7777-4777-8777-777777777777', name: 'Bo Berg', avatarUrl: null };
export const ROOM_ID = '88888888-8888-4888-8888-888888888888';

export function member(person: typeof ME, lastReadSeq = 0): ChatMember {
  return { ...person, role: 'member', status: 'online', lastReadSeq, joinedAt: '2026-11-01T08:00:00.000Z' };
}

export function message(
  seq: number,
  sender: typeof ME = ANA,
  overrides: Partial<ChatMessage> = {},
): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    roomId: ROOM_ID,
    seq,
    sender,
    body: `message ${seq}`,
    mentions: [],
    createdAt: new Date(Date.UTC(2026, 10, 2, 9, 0, seq)).toISOString(),
    editedAt: null,
    attachments: [],
    ...overrides,
  };
}

export const summary: ChatRoomSummary = {
  id: ROOM_ID,
  kind: 'channel',
  name: 'general',
  topic: 'Everything and anything',
  memberCount: 3,
  unread: 0,
  lastReadSeq: 100,
  lastSeq: 100,
  activityAt: '2026-11-02T09:01:40.000Z',
};

export const detail: ChatRoomDetail = {
  ...summary,
  createdAt: '2026-11-01T08:00:00.000Z',
  myRole: 'owner',
  members: [member(ME, 100), member(ANA, 100), member(BO, 90)],
  version: 1,
};

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const session = {
  accessToken: 'token',
  user: {
    id: ME.id,
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    role: 'admin' as const,
    groups: [],
    permissions: ['chat.use' as const],
  },
};
