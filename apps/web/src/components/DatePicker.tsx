import type { CSSProperties } from 'react';
import '@mantine/dates/styles.layer.css';
import 'dayjs/locale/fr';

import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { usePreferences } from '../lib/preferences';
import { firstDayOf } from '../lib/week-start';

/**
 * The calendar of each language: its day and month names (dayjs's locale), the day a week starts
 * on unless the user chose one, and how a picked day is written ("12 Mar 2026", "12 mars 2026": the way lists show dates).
 */
const calendars = {
  en: { locale: 'en', firstDayOfWeek: 0, valueFormat: 'D MMM YYYY' },
  fr: { locale: 'fr', firstDayOfWeek: 1, valueFormat: 'D MMM YYYY' },
} as const;

export interface DatePickerProps {
  label: string;
  /** A calendar day as the API carries it (YYYY-MM-DD), or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  error?: string;
  description?: string;
  required?: boolean;
  clearable?: boolean;
  /** The first and last days that may be picked (YYYY-MM-DD). */
  minDate?: string;
  maxDate?: string;
  w?: number | string | Record<string, number | string>;
  style?: CSSProperties;
  ref?: Ref<HTMLButtonElement>;
}

/** DateField's calendar (loaded on first use, see DateField.tsx). */
export default function DatePicker({ value, onChange, clearable = true, ref, ...props }: DatePickerProps) {
  // Re-rendered on a change of language through useTranslation.
  const { t } = useTranslation('common');
  const language = currentLanguage();
  const calendar = calendars[language];
  // The same first day of the week as the calendar page: the user's choice, else the language's.
  const firstDayOfWeek = firstDayOf(usePreferences().weekStart, language) ?? calendar.firstDayOfWeek;
  return (
    <DatesProvider settings={{ locale: calendar.locale, firstDayOfWeek }}>
      <DatePickerInput
        {...props}
        ref={ref}
        valueFormat={calendar.valueFormat}
        value={value || null}
        onChange={(next) => onChange(next || null)}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': t('dates.clear', { field: props.label }) }}
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        leftSectionPointerEvents="none"
        popoverProps={{ withinPortal: true }}
      />
    </DatesProvider>
  );
}
