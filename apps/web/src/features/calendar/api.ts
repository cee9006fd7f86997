import type {
  CalendarCategoryCount,
  CalendarEventInput,
  CalendarEventRecord,
  CalendarFeed,
  CalendarLayers,
  CalendarOccurrence,
  GroupOptions,
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
  shareGroups: [...root, 'groups'] as const,
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
  /** The groups an event may be shared with, as picker options. */
  shareGroups: (signal?: AbortSignal) =>
    api
      .get<GroupOptions>('/users/group-options/', { signal })
      .then((answer) => answer.results.map((group) => ({ value: group.id, label: group.name }))),
  feed: (signal?: AbortSignal) => api.get<CalendarFeed>('/calendar/feed', { signal }),
  /** A new secret address (replacing any other): in this answer only. */
  createFeed: () => api.post<Saved<CalendarFeed>>('/calendar/feed').then((answer) => answer.data),
  revokeFeed: () => api.delete<unknown>('/calendar/feed'),
};
