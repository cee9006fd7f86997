import type {
  CalendarCategoryCount,
  CalendarEventInput,
  CalendarEventRecord,
  CalendarFeed,
  CalendarLayers,
  CalendarOccurrence,
} from '@ledgerdesk/contracts';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** The engine's events (one record per event or series). */
export const EVENTS_PATH = '/calendar/events';

/** A range shown by the calendar (ISO instants, end exclusive): every range query asks for it only. */
export interface VisibleRange {
  start: string;
  end: string;
}

type Saved<Data> = { successCode: string; successMessage: string; data: Data };

/**
 * Every calendar view under one root: a change to an event refreshes the occurrences, the counts,
 * the upcoming list and the record at once.
 */
const root = queryKeys.all('/calendar');
export const calendarKeys = {
  root,
  occurrences: (range: VisibleRange) => [...root, 'occurrences', range] as const,
  categories: (range: VisibleRange) => [...root, 'categories', range] as const,
  upcoming: [...root, 'upcoming'] as const,
  layers: (range: VisibleRange) => [...root, 'layers', range] as const,
  event: (id: string) => [...root, 'event', id] as const,
  feed: [...root, 'feed'] as const,
};

export const UPCOMING_LIMIT = 5;

export const calendarApi = {
  occurrences: (range: VisibleRange, signal?: AbortSignal) =>
    api.get<CalendarOccurrence[]>('/events', { query: { ...range }, signal }),
  categories: (range: VisibleRange, signal?: AbortSignal) =>
    api.get<CalendarCategoryCount[]>('/categories', { query: { ...range }, signal }),
  upcoming: (signal?: AbortSignal) =>
    api.get<CalendarOccurrence[]>('/upcoming-events', { query: { limit: UPCOMING_LIMIT }, signal }),
  layers: (range: VisibleRange, signal?: AbortSignal) =>
    api.get<CalendarLayers>('/calendar/layers', { query: { ...range }, signal }),
  event: (id: string, signal?: AbortSignal) =>
    api.get<CalendarEventRecord>(`${EVENTS_PATH}/${id}`, { signal }),
  create: (input: CalendarEventInput) => api.post<Saved<CalendarEventRecord>>(EVENTS_PATH, input),
  update: (id: string, change: Partial<CalendarEventInput>) =>
    api.patch<Saved<CalendarEventRecord>>(`${EVENTS_PATH}/${id}`, change),
  remove: (id: string) => api.delete<Saved<{ id: string }>>(`${EVENTS_PATH}/${id}`),
  feed: (signal?: AbortSignal) => api.get<CalendarFeed>('/calendar/feed', { signal }),
  createFeed: () => api.post<CalendarFeed | Saved<CalendarFeed>>('/calendar/feed'),
  revokeFeed: () => api.delete<unknown>('/calendar/feed'),
};

/** The feed of a POST's answer, bare or wrapped as the mutations' answers are. */
export function feedOf(answer: CalendarFeed | Saved<CalendarFeed>): CalendarFeed {
  return 'data' in answer ? answer.data : answer;
}
