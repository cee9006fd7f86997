import { type LiveMessage, type LiveMessageOf, liveCloseCodes } from '@ledgerdesk/contracts';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { api } from './api';
import { getAccessToken, subscribeSession } from './session';

/*
 * The live connection: ONE WebSocket per tab to /api/live while signed in. It authenticates with
 * its first message (the session token, never in the address), reconnects with exponential backoff
 * and jitter (1 s doubling to 30 s), and after every reconnect but the first connection emits a
 * `resync` event: what was announced while it was down is lost, so features refetch (catch-up).
 * It also tells the server when the tab is hidden or idle for 5 minutes (presence "away").
 */

/** 'connecting' until the server said ready; 'offline' while waiting to reconnect. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'offline';
/** Server messages, and `resync` (emitted here after a reconnect, or sent by the server). */
export type LiveEvent = LiveMessage;
type Handler = (message: LiveEvent) => void;

const BACKOFF_MS = { first: 1000, max: 30_000 };
const IDLE_MS = 5 * 60_000;
const IDLE_CHECK_MS = 30_000;

const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<() => void>();
let status: LiveStatus = 'idle';
let socket: WebSocket | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let attempts = 0;
let everReady = false;
let users = 0;
let away = false;
let lastActivity = Date.now();
let idleTimer: ReturnType<typeof setInterval> | null = null;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

/** Runs the handlers of the message's type, and those of its family (`chat.*` for `chat.message`). */
function dispatch(message: LiveEvent) {
  const family = message.type.includes('.') ? `${message.type.slice(0, message.type.indexOf('.'))}.*` : null;
  for (const key of family ? [message.type, family] : [message.type]) {
    for (const handler of handlers.get(key) ?? []) {
      try {
        handler(message);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

function liveAddress(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/live`;
}

function connect() {
  const token = getAccessToken();
  if (!token || socket || users === 0) return;
  setStatus('connecting');
  const ws = new WebSocket(liveAddress());
  socket = ws;
  ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
  ws.onmessage = (event) => {
    let data: unknown;
    try {
      data = JSON.parse(String(event.data));
    } catch {
      return;
    }
    // A frame is one message, or a batch of them (presence changes announced together).
    for (const message of Array.isArray(data) ? data : [data]) received(message as LiveEvent);
  };
  function received(message: LiveEvent) {
    if (typeof message?.type !== 'string') return;
    if (message.type === 'ready') {
      attempts = 0;
      setStatus('open');
      if (away) send({ type: 'presence', away: true });
      if (everReady) dispatch({ type: 'resync' });
      everReady = true;
    }
    dispatch(message);
  }
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    if (users === 0 || !getAccessToken()) {
      setStatus('idle');
      return;
    }
    setStatus('offline');
    if (event.code === liveCloseCodes.unauthorized) {
      // The server no longer takes the token: a call of the API finds out whether the session
      // ended (a 401 signs the tab out) or the socket was only too slow to authenticate.
      api.get('/users/me/').then(scheduleReconnect, () => undefined);
      return;
    }
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  if (retryTimer || users === 0) return;
  const ceiling = Math.min(BACKOFF_MS.first * 2 ** attempts, BACKOFF_MS.max);
  attempts += 1;
  // Full jitter over the upper half: tabs dropped together by a restart do not return together.
  const wait = ceiling / 2 + Math.random() * (ceiling / 2);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    connect();
  }, wait);
}

function disconnect() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  const ws = socket;
  socket = null;
  ws?.close(1000);
  attempts = 0;
  everReady = false;
  setStatus('idle');
}

function send(message: { type: string; [key: string]: unknown }): boolean {
  if (!socket || socket.readyState !== WebSocket.OPEN || status !== 'open') return false;
  socket.send(JSON.stringify(message));
  return true;
}

function setAway(next: boolean) {
  if (away === next) return;
  away = next;
  send({ type: 'presence', away });
}

function noteActivity() {
  lastActivity = Date.now();
  if (!document.hidden) setAway(false);
}

function watchPresence(): () => void {
  const onVisibility = () => (document.hidden ? setAway(true) : noteActivity());
  const activity = ['pointerdown', 'keydown', 'pointermove', 'wheel'] as const;
  document.addEventListener('visibilitychange', onVisibility);
  for (const type of activity) window.addEventListener(type, noteActivity, { passive: true });
  idleTimer = setInterval(() => {
    if (Date.now() - lastActivity > IDLE_MS) setAway(true);
  }, IDLE_CHECK_MS);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    for (const type of activity) window.removeEventListener(type, noteActivity);
    if (idleTimer) clearInterval(idleTimer);
    idleTimer = null;
  };
}

let stopWatching: (() => void) | null = null;
let unsubscribeSession: (() => void) | null = null;

/**
 * Opens the tab's connection (the shell, while signed in); answers the function that releases it.
 * Signing out (the session cleared) closes it.
 */
export function startLive(): () => void {
  users += 1;
  if (users === 1) {
    away = document.hidden;
    lastActivity = Date.now();
    stopWatching = watchPresence();
    unsubscribeSession = subscribeSession(() => {
      if (!getAccessToken()) disconnect();
      else if (!socket && !retryTimer) connect();
    });
  }
  connect();
  return () => {
    users -= 1;
    if (users > 0) return;
    stopWatching?.();
    unsubscribeSession?.();
    stopWatching = null;
    unsubscribeSession = null;
    disconnect();
  };
}

/** Sends a message to the server; false when the connection is not open (nothing is queued). */
export function sendLive(message: { type: string; [key: string]: unknown }): boolean {
  return send(message);
}

/** Subscribes to a message type (or a family: `chat.*`); answers the unsubscribe function. */
export function onLive(type: string, handler: Handler): () => void {
  const set = handlers.get(type) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(type, set);
  return () => {
    set.delete(handler);
    if (set.size === 0) handlers.delete(type);
  };
}

/**
 * Calls `handler` with each live message of `type` while the component is mounted: `resync`
 * after a reconnect, a family such as `chat.*`, or one type. The latest handler is called (no
 * need to memoise it).
 */
export function useLiveEvent<K extends keyof LiveMessageOf>(
  type: K,
  handler: (message: LiveMessageOf[K]) => void,
): void;
export function useLiveEvent(type: string, handler: (message: LiveEvent) => void): void;
export function useLiveEvent(type: string, handler: (message: never) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onLive(type, (message) => (latest.current as (m: LiveEvent) => void)(message)), [type]);
}

const getStatus = () => status;
const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
};

/** The connection's state, for a "reconnecting…" hint. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, getStatus, getStatus);
}
