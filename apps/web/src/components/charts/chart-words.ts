import type { BreakdownWidget } from '@ledgerdesk/contracts';

/** The words a chart draws, in the reader's language (a dashboard's are in features/dashboard/words.ts). */
export interface ChartWords {
  series(key: string): string;
  /** An item's name from the data; else its key, translated. */
  item(item: BreakdownWidget['items'][number]): string;
  /** Monday first. */
  days: string[];
  hour(hour: number): string;
}
