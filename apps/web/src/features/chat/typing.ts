import { useSyncExternalStore } from 'react';

/** How long "Ana is typing…" stays after the last `chat.typing` (the sender repeats it every 3 s). */
export const TYPING_SHOWN_MS = 5000;

type Typist = { userId: string; name: string };

/** Who is typing in which room: filled by the live events, emptied by timers. */
const typists = new Map<string, Typist[]>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
const none: Typist[] = [];

function emit() {
  for (const listener of listeners) listener();
}

function remove(roomId: string, userId: string) {
  timers.delete(`${roomId}/${userId}`);
  const left = (typists.get(roomId) ?? []).filter((typist) => typist.userId !== userId);
  if (left.length) typists.set(roomId, left);
  else typists.delete(roomId);
  emit();
}

/** Someone types in a room: shown for TYPING_SHOWN_MS, renewed by each new event. */
export function typingStarted(roomId: string, userId: string, name: string) {
  const key = `${roomId}/${userId}`;
  clearTimeout(timers.get(key));
  timers.set(
    key,
    setTimeout(() => remove(roomId, userId), TYPING_SHOWN_MS),
  );
  const current = typists.get(roomId) ?? [];
  if (!current.some((typist) => typist.userId === userId)) {
    typists.set(roomId, [...current, { userId, name }]);
    emit();
  }
}

/** Their message arrived: they are no longer typing it. */
export function typingStopped(roomId: string, userId: string) {
  if (!timers.has(`${roomId}/${userId}`)) return;
  clearTimeout(timers.get(`${roomId}/${userId}`));
  remove(roomId, userId);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The people typing in a room now. */
export function useTypists(roomId: string): Typist[] {
  return useSyncExternalStore(
    subscribe,
    () => typists.get(roomId) ?? none,
    () => none,
  );
}
