import { randomUUID } from 'node:crypto';
import type { LiveMessage, PresenceStatus } from '@ledgerdesk/contracts';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, ListenEvent } from '../../db/client';
import { createPresence, PRESENCE_REFRESH_MS } from './presence';

/** The one PostgreSQL channel every node LISTENs to; a payload's `t` names its topic. */
export const LIVE_CHANNEL = 'ledgerdesk_live';
/** PostgreSQL refuses a payload of 8000 bytes or more; the app's carry ids only, well under 1 KB. */
const MAX_PAYLOAD_BYTES = 7900;
/** Every socket's token is checked again this often, whatever was announced (a safety net). */
export const RECHECK_EVERY_MS = 60_000;
/**
 * Presence changes are announced together, this long after the first: when a server restarts,
 * its users return to the others within seconds, and each user's change told to each user who may
 * chat one by one would be n² messages. Batched, each watcher gets one frame per batch.
 */
const PRESENCE_BATCH_MS = 250;
/** User ids per presence announcement: the payload stays well under 1 KB. */
const PRESENCE_IDS_PER_EVENT = 20;

export type LiveUser = { id: string };
export type TopicHandler = (payload: Record<string, unknown>) => Promise<void>;
export type ClientMessageHandler<U> = (user: U, data: unknown, socketId: string) => Promise<void>;

/**
 * The live hub as the modules use it (`app.live`). Publishing goes through the database
 * (`pg_notify` in the writer's transaction, heard after the commit by every node, this one
 * included), so an event raised on node A reaches a socket on node B, and nothing is announced that
 * did not commit.
 */
export type LiveHub<U extends LiveUser = LiveUser> = {
  /** Announces `{ t: topic, ...payload }` (ids only) when `db`'s transaction commits. */
  publish(db: Database, topic: string, payload: Record<string, unknown>): Promise<void>;
  /** Runs on EVERY node for each event of the topic (it reads what it needs, then `sendTo`). */
  on(topic: string, handler: TopicHandler): void;
  /** Sends to this node's sockets of these users; answers how many sockets it reached. */
  sendTo(userIds: Iterable<string>, message: LiveMessage): number;
  /** The users with a socket open on this node. */
  localUserIds(): ReadonlySet<string>;
  /** The same users, as their sockets authenticated them (to pick those holding a permission). */
  localUsers(): U[];
  /** A client's message of this type (after auth), with the socket's user. */
  onClientMessage(type: string, handler: ClientMessageHandler<U>): void;
  presence(userIds: string[]): Promise<Map<string, PresenceStatus>>;
  /** After the LISTEN connection was lost and is back: events may have been missed meanwhile. */
  onResync(handler: () => void): void;
};

/** One open, authenticated socket, as the hub sees it (socket.ts makes them). */
export type LiveConnection<U extends LiveUser> = {
  readonly id: string;
  user: U;
  readonly token: string;
  away: boolean;
  send(text: string): void;
  close(code: number, reason: string): void;
};

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type LiveHubOptions<U extends LiveUser> = {
  database: DatabaseHandle;
  log: Log;
  /** The token's user now, without any cache; null when it no longer signs anyone in. */
  authenticate(token: string): Promise<U | null>;
  /** Who is told of others' presence (the users who may chat). */
  seesPresence(user: U): boolean;
  /** Closing a socket whose token no longer holds (WebSocket close code). */
  unauthorizedCode: number;
  socketsPerUser: number;
};

export function createLiveHub<U extends LiveUser>(options: LiveHubOptions<U>) {
  const { database, log } = options;
  const presenceTable = createPresence(database.db);
  const topicHandlers = new Map<string, TopicHandler[]>();
  const clientHandlers = new Map<string, ClientMessageHandler<U>>();
  const resyncHandlers: (() => void)[] = [];
  const byUser = new Map<string, Map<string, LiveConnection<U>>>();
  // A user's presence writes, one after the other (a socket closing while the first one opens).
  const presenceWrites = new Map<string, Promise<void>>();
  const timers: NodeJS.Timeout[] = [];
  let unlisten: (() => Promise<void>) | null = null;
  let rechecking: Promise<void> | null = null;
  // The users whose sockets wait to be checked again ('all': every socket of this node).
  let recheckPending: Set<string> | 'all' | null = null;
  let stopped = false;
  let stopping: Promise<void> | null = null;

  const on = (topic: string, handler: TopicHandler) => {
    topicHandlers.set(topic, [...(topicHandlers.get(topic) ?? []), handler]);
  };

  async function publish(db: Database, topic: string, payload: Record<string, unknown>): Promise<void> {
    const text = JSON.stringify({ ...payload, t: topic });
    if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES)
      throw new Error(`live payload of ${topic} too large: publish ids only, in chunks`);
    await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${text})`);
  }

  function heard(event: ListenEvent) {
    if ('reconnected' in event) {
      resync();
      return;
    }
    let data: Record<string, unknown>;
    try {
      data = JSON.parse(event.payload) as Record<string, unknown>;
    } catch {
      log.warn({ payload: event.payload.slice(0, 200) }, 'live: a notification that is not JSON');
      return;
    }
    const { t, ...payload } = data;
    for (const handler of topicHandlers.get(String(t)) ?? []) {
      handler(payload).catch((error: unknown) =>
        log.error({ err: error, topic: t }, 'live: a topic handler failed'),
      );
    }
  }

  /** Sends an encoded frame to this node's sockets of these users; answers how many. */
  function sendFrame(userIds: Iterable<string>, text: string): number {
    let sent = 0;
    for (const userId of userIds) {
      for (const connection of byUser.get(userId)?.values() ?? []) {
        connection.send(text);
        sent += 1;
      }
    }
    return sent;
  }

  function sendTo(userIds: Iterable<string>, message: LiveMessage): number {
    return sendFrame(userIds, JSON.stringify(message));
  }

  function localUserIds(): ReadonlySet<string> {
    return new Set(byUser.keys());
  }

  function localUsers(): U[] {
    return [...byUser.values()].flatMap((sockets) => {
      const user = sockets.values().next().value?.user;
      return user ? [user] : [];
    });
  }

  /** Writes this node's presence row of a user from its sockets here, then announces it. */
  function writePresence(userId: string): Promise<void> {
    const previous = presenceWrites.get(userId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        if (stopped) return;
        const sockets = [...(byUser.get(userId)?.values() ?? [])];
        await presenceTable.set(
          userId,
          sockets.length,
          sockets.length > 0 && sockets.every((connection) => connection.away),
        );
        announcePresence(userId);
      })
      .catch((error: unknown) => log.warn({ err: error, userId }, 'live: presence not written'))
      .finally(() => {
        if (presenceWrites.get(userId) === next) presenceWrites.delete(userId);
      });
    presenceWrites.set(userId, next);
    return next;
  }

  // This node's changes, announced together (PRESENCE_BATCH_MS).
  const presenceChanged = new Set<string>();
  let presenceTimer: NodeJS.Timeout | null = null;
  function announcePresence(userId: string) {
    presenceChanged.add(userId);
    presenceTimer ??= setTimeout(() => {
      presenceTimer = null;
      const changed = [...presenceChanged];
      presenceChanged.clear();
      void (async () => {
        for (let i = 0; i < changed.length; i += PRESENCE_IDS_PER_EVENT)
          await publish(database.db, 'presence', { users: changed.slice(i, i + PRESENCE_IDS_PER_EVENT) });
      })().catch((error: unknown) => log.warn({ err: error }, 'live: presence not announced'));
    }, PRESENCE_BATCH_MS);
  }

  on('presence', async (payload) => {
    const userIds = Array.isArray(payload.users) ? payload.users.map(String) : [];
    const watchers = [...byUser.values()]
      .map((sockets) => sockets.values().next().value?.user)
      .filter((user): user is U => user !== undefined && options.seesPresence(user))
      .map((user) => user.id);
    if (userIds.length === 0 || watchers.length === 0) return;
    const statuses = await presenceTable.statusOf(userIds);
    const messages: LiveMessage[] = [...statuses].map(([userId, status]) => ({
      type: 'presence',
      userId,
      status,
    }));
    // One frame per watcher: a single message, or the batch as an array (the client reads both).
    sendFrame(watchers, JSON.stringify(messages.length === 1 ? messages[0] : messages));
  });

  /**
   * Checks the tokens of these users' sockets again (of every socket without `userIds`): a socket
   * whose token no longer holds is closed. A call made while a check runs is folded into the next
   * round of that check, which the returned promise covers.
   */
  function recheck(userIds?: readonly string[]): Promise<void> {
    recheckPending =
      !userIds || recheckPending === 'all' ? 'all' : new Set([...(recheckPending ?? []), ...userIds]);
    if (rechecking) return rechecking;
    rechecking = (async () => {
      while (recheckPending && !stopped) {
        const wanted: Set<string> | 'all' = recheckPending;
        recheckPending = null;
        const byToken = new Map<string, LiveConnection<U>[]>();
        for (const [userId, sockets] of byUser) {
          if (wanted !== 'all' && !wanted.has(userId)) continue;
          for (const connection of sockets.values())
            byToken.set(connection.token, [...(byToken.get(connection.token) ?? []), connection]);
        }
        for (const [token, connections] of byToken) {
          const user = await options.authenticate(token).catch((error: unknown) => {
            log.warn({ err: error }, 'live: a token could not be checked');
            return undefined;
          });
          if (user === undefined) continue;
          for (const connection of connections) {
            if (user && user.id === connection.user.id) connection.user = user;
            else {
              connection.send(JSON.stringify({ type: 'session.ended' }));
              connection.close(options.unauthorizedCode, 'session ended');
            }
          }
        }
      }
    })().finally(() => {
      rechecking = null;
    });
    return rechecking;
  }
  // `users`: the users whose tokens the change may concern; without it, everyone's.
  on('auth', (payload) =>
    recheck(Array.isArray(payload.users) ? payload.users.filter((id) => typeof id === 'string') : undefined),
  );

  function resync() {
    // Events announced while the connection was down are lost: the browsers catch up, and so may
    // the modules; the tokens and this node's presence rows are checked again too.
    sendTo(byUser.keys(), { type: 'resync' });
    for (const handler of resyncHandlers) handler();
    void recheck();
    for (const userId of byUser.keys()) void writePresence(userId);
  }

  const hub: LiveHub<U> = {
    publish,
    on,
    sendTo,
    localUserIds,
    localUsers,
    onClientMessage(type, handler) {
      if (clientHandlers.has(type)) throw new Error(`live: a handler of ${type} already exists`);
      clientHandlers.set(type, handler);
    },
    presence: (userIds) => presenceTable.statusOf(userIds),
    onResync(handler) {
      resyncHandlers.push(handler);
    },
  };

  return {
    hub,
    nodeId: presenceTable.nodeId,

    async start(): Promise<void> {
      unlisten = await database.listen(LIVE_CHANNEL, heard);
      const every = (ms: number, work: () => Promise<unknown>) => {
        const timer = setInterval(() => {
          work().catch((error: unknown) => log.warn({ err: error }, 'live: periodic work failed'));
        }, ms);
        timer.unref();
        timers.push(timer);
      };
      every(PRESENCE_REFRESH_MS, () => (byUser.size > 0 ? presenceTable.refresh() : Promise.resolve()));
      every(RECHECK_EVERY_MS, () => recheck());
    },

    /** A socket authenticated: false (and nothing kept) when its user has too many here already. */
    attach(connection: LiveConnection<U>): boolean {
      const sockets = byUser.get(connection.user.id) ?? new Map<string, LiveConnection<U>>();
      if (sockets.size >= options.socketsPerUser) return false;
      sockets.set(connection.id, connection);
      byUser.set(connection.user.id, sockets);
      if (sockets.size === 1) void writePresence(connection.user.id);
      return true;
    },

    detach(connection: LiveConnection<U>): void {
      const sockets = byUser.get(connection.user.id);
      if (!sockets?.delete(connection.id)) return;
      if (sockets.size > 0) {
        // The socket that closed may have been the one tab in front: the user may be away now.
        if (!connection.away && [...sockets.values()].every((other) => other.away))
          void writePresence(connection.user.id);
        return;
      }
      byUser.delete(connection.user.id);
      void writePresence(connection.user.id);
    },

    setAway(connection: LiveConnection<U>, away: boolean): void {
      if (connection.away === away) return;
      const sockets = [...(byUser.get(connection.user.id)?.values() ?? [])];
      const wasAway = sockets.every((other) => other.away);
      connection.away = away;
      if (sockets.every((other) => other.away) !== wasAway) void writePresence(connection.user.id);
    },

    /** A client's message (already parsed and of a known shape): its type's handler runs. */
    async receive(connection: LiveConnection<U>, type: string, data: unknown): Promise<void> {
      const handler = clientHandlers.get(type);
      if (!handler) return;
      await handler(connection.user, data, connection.id);
    },

    recheck,
    newSocketId: () => randomUUID(),

    /** Closes every socket with `code` (1001 at shutdown), then stops listening: before the database closes. */
    stop(code: number): Promise<void> {
      stopping ??= stopNode(code);
      return stopping;
    },
  };

  async function stopNode(code: number): Promise<void> {
    stopped = true;
    for (const timer of timers) clearInterval(timer);
    // This node's rows are cleared below: a batch of its presence changes has nothing left to say.
    if (presenceTimer) clearTimeout(presenceTimer);
    for (const sockets of [...byUser.values()])
      for (const connection of [...sockets.values()]) connection.close(code, 'server shutting down');
    byUser.clear();
    await Promise.allSettled([...presenceWrites.values()]);
    await rechecking?.catch(() => {});
    try {
      const gone = await presenceTable.clear();
      for (const userId of gone) await publish(database.db, 'presence', { user: userId });
    } catch (error) {
      log.warn({ err: error }, 'live: presence rows not cleared');
    }
    await unlisten?.().catch(() => {});
    unlisten = null;
  }
}
export type LiveNode<U extends LiveUser> = ReturnType<typeof createLiveHub<U>>;
