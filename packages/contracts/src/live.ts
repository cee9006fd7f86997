import { z } from 'zod/mini';
import type { ChatLiveMessage } from './chat';
import type { CryptoLiveMessage } from './crypto';
import type { NftLiveMessage } from './nft';
import type { NotificationRecord } from './notifications';

/*
 * The live connection (GET /api/live, a WebSocket). The client's first message authenticates:
 * `{ type: 'auth', token }` (a session token or an API key; never in the URL) within
 * `liveLimits.authTimeoutMs`, answered `{ type: 'ready', user }`. Then the server pushes
 * `LiveMessage`s and the client may send the `LiveClientMessage`s below. Each owner adds its own
 * message types here: live (ready, notification, presence, session.ended), chat (chat.*), mail (mail.*).
 */

/** WebSocket close codes the server uses (4xxx: the application's, 1xxx: the protocol's). */
export const liveCloseCodes = {
  /** No valid `auth` message in time, a bad token, or the session ended / the key was disabled. */
  unauthorized: 4401,
  /** More sockets than `liveLimits.socketsPerUser` for one user on one node. */
  tooManySockets: 4429,
  /** The server is shutting down: reconnect (to another node, or after the restart). */
  goingAway: 1001,
  /** Flooding: more messages than allowed, or a message over `liveLimits.messageBytes`. */
  policyViolation: 1008,
} as const;

export const liveLimits = {
  authTimeoutMs: 10_000,
  socketsPerUser: 10,
  messageBytes: 4096,
  messagesPerSecond: 20,
  pingIntervalMs: 25_000,
} as const;

export type PresenceStatus = 'online' | 'away' | 'offline';

/* ---- client → server ---- */

export const liveAuthMessage = z.object({
  type: z.literal('auth'),
  token: z.string().check(z.maxLength(512)),
});
export const livePresenceMessage = z.object({ type: z.literal('presence'), away: z.boolean() });
/** Any message after `auth`: its `type` picks the handler (`app.live.onClientMessage`). */
export const liveClientMessage = z.looseObject({ type: z.string().check(z.minLength(1), z.maxLength(64)) });
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/* ---- server → client ---- */

export type LiveReady = { type: 'ready'; user: string };
/** A notification was created or updated (coalesced) for the user: the bell refreshes. */
export type LiveNotification = { type: 'notification'; notification: NotificationRecord; unread: number };
/** The notifications changed otherwise (read on another tab): the bell refreshes. */
export type LiveNotificationsChanged = { type: 'notifications.changed'; unread: number };
export type LivePresence = { type: 'presence'; userId: string; status: PresenceStatus };
/**
 * Events may have been missed (the server's LISTEN connection dropped; the web app also emits it
 * itself after a reconnect): refetch what is shown.
 */
export type LiveResync = { type: 'resync' };
/** Sent before the server closes the socket with 4401: the session ended or was revoked. */
export type LiveSessionEnded = { type: 'session.ended' };
/**
 * Mailbox: new mail reached the user (or their own just left); the web refreshes its counts and list.
 * Ids only: the web reads what changed through the API.
 */
export type LiveMailNew = { type: 'mail.new' };
/** The user's mailbox changed otherwise (read, moved, deleted, a delivery's outcome): refresh. */
export type LiveMailChanged = { type: 'mail.changed' };

/**
 * What the server sends, one per frame, or several as a JSON array in one frame (presence changes
 * announced together); features narrow on `type` (chat.*, mail.* are declared by their owners). */
export type LiveMessage = { type: string; [key: string]: unknown };

export type LiveMessageOf = {
  ready: LiveReady;
  notification: LiveNotification;
  'notifications.changed': LiveNotificationsChanged;
  presence: LivePresence;
  'session.ended': LiveSessionEnded;
  resync: LiveResync;
  'mail.new': LiveMailNew;
  'mail.changed': LiveMailChanged;
} & { [K in ChatLiveMessage['type']]: Extract<ChatLiveMessage, { type: K }> } & {
  [K in CryptoLiveMessage['type']]: Extract<CryptoLiveMessage, { type: K }>;
} & {
  [K in NftLiveMessage['type']]: Extract<NftLiveMessage, { type: K }>;
};
