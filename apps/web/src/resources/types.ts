import type { Area } from '@ledgerdesk/contracts';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod/mini';

/**
 * What a form field edits, and so which input shows it. Values are what the contract's input takes:
 * decimals (money, quantities) stay strings, dates are `YYYY-MM-DD`, people and references are ids.
 */
export type FieldKind =
  | { kind: 'text'; type?: 'email' | 'tel' | 'url' }
  /** A phone number: a country's dial prefix (from the country list) and the number. */
  | { kind: 'phone' }
  | { kind: 'textarea'; rows?: number }
  | { kind: 'number'; min?: number; max?: number; step?: number }
  | { kind: 'decimal'; prefix?: string }
  | { kind: 'date' }
  /** One of the contract's enum values; labels from `values.<field>.<value>` when the catalogue has them. */
  | { kind: 'select'; options: readonly string[]; clearable?: boolean }
  | { kind: 'tags' }
  /** A checklist: items `{ title, done }`, added, ticked, renamed and removed in place (a task's subtasks). */
  | { kind: 'checklist' }
  | { kind: 'switch' }
  | { kind: 'rating' }
  /** Colleagues, picked by name (GET /users/options/). */
  | { kind: 'user' | 'users' }
  /** A record of another resource, picked by searching its list. */
  | { kind: 'reference'; api: string; keyOf: (record: never) => string; labelOf: (record: never) => string };

export type FieldSpec = FieldKind & {
  name: string;
  /** Marked required in the form (the contract decides what is). */
  required?: boolean;
  /** Full width in the two-column form grid (text areas are always). */
  wide?: boolean;
  /** A hint under the input, a catalogue key of the feature's namespace. */
  hint?: string;
};

export interface ColumnSpec<Rec> {
  /** The field's name: the header is `fields.<id>`; a sortable column orders the list by it. */
  id: string;
  sortable?: boolean;
  /** Hidden until the user shows it from the column menu. */
  hidden?: boolean;
  /** The cell; without it the record's field of the same name is shown as text. */
  cell?: (record: Rec, t: TFunction) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** A fixed width (CSS), for content of a known size (a number, a code). */
  width?: number | string;
  /**
   * The main column: it takes the width left and cuts its text on one line (the full text in a
   * tooltip); the card's title on a phone. Default: the first column without `width` or `align`.
   */
  grow?: boolean;
  /**
   * Cut on one line at this many pixels, the full text in a tooltip. Default: 240 for a column shown
   * as plain text (no `cell`, not right-aligned, not the main column); a column with its own cell is
   * cut only if asked.
   */
  truncate?: number;
  /** Hidden first when the table does not fit: 1 (default) never, then higher numbers sooner. */
  priority?: number;
}

/** What a filter of its own draws: its input, bound to the filter's value in the URL. */
export interface FilterInputProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

export type FilterSpec = {
  /** The list query's parameter (the contract's filter). */
  name: string;
} & (
  | {
      /** Enum values (labels from `values.<name>.<value>` when the catalogue has them). */
      options: readonly string[];
    }
  | {
      /** An input of the area's own, for values that are not an enum (a record picked by name). */
      input: ComponentType<FilterInputProps>;
    }
);

export interface DetailSpec<Rec> {
  /** Label `fields.<id>`. */
  id: string;
  value?: (record: Rec, t: TFunction) => ReactNode;
  wide?: boolean;
}

/**
 * Records of another resource that belong to this one (a customer's orders): a tab of the detail
 * page with that resource's list, filtered to the record, paged by the server.
 */
export interface RelatedSpec<Rec> {
  /** The tab's name in the address (`?tab=<id>`); its label is `related.<id>` of the namespace. */
  id: string;
  /**
   * The related resource's definition (a function: definitions refer to each other), or, for another
   * feature's records (a feature does not import another), what its list needs of one.
   */
  resource: () => RelatedResource;
  /** The related list's filters that name this record (`{ customer: <key> }`). */
  filter: (record: Rec) => Record<string, string>;
  /** Which of its columns the tab shows, the first one linking to the record (default: its first four). */
  columns?: string[];
  /** The related list's ordering (default: its own). */
  ordering?: string;
}

/**
 * One area's records in the web app, defined once: the list page, the form and the detail page are
 * drawn from it (`areaRoutes`, for the page registered in the feature's `area.ts`). Labels come from the feature's i18n namespace: `title` (the
 * list's heading), `one` and `many` (what a record is called), `fields.<name>`, `values.<field>.<value>`.
 */
export interface ResourceDefinition<Rec = Record<string, unknown>, Values = Record<string, unknown>> {
  /** The feature's i18n namespace (its folder under features/). */
  ns: string;
  /** The API path of the engine's routes, under /api ("/apps/task"). */
  api: string;
  /** The web path of the list ("/apps/tasks"), its registered page's `path`: the record is at `<route>/<key>`. */
  route: string;
  /** `<area>.view` to see, `<area>.manage` to change. */
  area: Area;
  keyOf: (record: Rec) => string;
  /** What names a record in headings and questions ("Pour slab A"). */
  titleOf: (record: Rec) => string;
  columns: ColumnSpec<Rec>[];
  filters?: FilterSpec[];
  /** The contract's input schema: the form checks it before sending (the server checks again). */
  input: z.ZodMiniType;
  fields: FieldSpec[];
  /** A new record's form values. */
  emptyValues: Values;
  /** A record's form values, for editing it. */
  toInput: (record: Rec) => Values;
  /** The detail page's fields (default: every column). */
  detail?: DetailSpec<Rec>[];
  /** The detail page's header: the record's status (its field, shown as a badge), beside its title. */
  status?: DetailSpec<Rec>;
  /** The detail page's header: a few key figures (an order's total, a project's progress). */
  figures?: DetailSpec<Rec>[];
  /** The detail page's tabs of related records, in order. */
  related?: RelatedSpec<Rec>[];
  /** SPEC §4: a new record is appended to the list shown (tasks are prepended). */
  addPosition?: 'append' | 'prepend';
}

/** A record of any resource: the engine's components only read it through the definition. */
// The definition's functions take the area's own record type; the engine passes records it got from
// the same definition's API, so the widening is sound where it is used.
export type AnyResource = ResourceDefinition<never, Record<string, unknown>>;

/** What a related list reads of a resource: its list API, its address, its columns and catalogue. */
export type RelatedResource = Pick<AnyResource, 'ns' | 'api' | 'route' | 'keyOf' | 'titleOf' | 'columns'>;

/** What a feature's resource module exports: the definition, and pages that replace the engine's. */
export interface ResourceModule {
  resource: AnyResource;
  ListPage?: ComponentType;
  FormPage?: ComponentType;
  DetailPage?: ComponentType;
}
