import { TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { DatePickerProps } from './DatePicker';

// The calendar, its styles and dayjs come with the first date field shown, not with the page that
// holds it: the login page and the lists never load them.
const DatePicker = lazy(() => import('./DatePicker'));

export type DateFieldProps = DatePickerProps;

/**
 * A day picked on a calendar in the user's language and date format (not the browser's mm/dd/yyyy
 * box); the value stays a `YYYY-MM-DD` string, as the API takes it.
 */
export function DateField(props: DateFieldProps) {
  const { label, description, error, required, w, style } = props;
  return (
    <Suspense
      fallback={
        <TextInput
          label={label}
          description={description}
          error={error}
          required={required}
          w={w}
          style={style}
          readOnly
        />
      }
    >
      <DatePicker {...props} />
    </Suspense>
  );
}
