import { z } from 'zod/mini';
import { text } from './api';
import { codeParams } from './validation';

/** "The status must be one of: A, B, C." */
export const oneOf = (label: string, values: readonly string[]) =>
  `${label} must be one of: ${values.join(', ')}.`;

/** A text the user must fill in: trimmed, not empty, within `max` characters. */
export const requiredText = (what: string, max: number) =>
  text(max, `The ${what} must be at most ${max} characters.`).check(
    z.minLength(1, `Please enter the ${what}.`),
  );

/** Optional free text (defaults to ''), within `max` characters. */
export const optionalText = (what: string, max: number) =>
  z._default(text(max, `The ${what} must be at most ${max} characters.`), '');

/**
 * The one e-mail rule, for every contract (and the server's configuration): trimmed, lower-cased
 * (addresses are compared that way), 1 to 254 characters, an address zod's \`email\` accepts.
 */
export const email = z
  .string('Please enter an email address.')
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, 'Please enter an email address.'),
    z.maxLength(254, 'The email address must be at most 254 characters.'),
    z.email('Please enter a valid email address.'),
  );

/** The same rule, for an address that may be left empty (''). */
export const optionalEmail = z._default(
  z.union([z.literal(''), email], 'Please enter a valid email address.'),
  '',
);

/** A phone number that may be left empty: digits, spaces, ( ) - . and a leading +. */
export const optionalPhone = z._default(
  text(30, 'The phone number must be at most 30 characters.').check(
    z.refine((value) => /^$|^\+?[\d\s().-]*\d[\d\s().-]*$/.test(value), {
      error: 'Use digits, spaces, ( ) - . and a leading +.',
      params: codeParams('phone'),
    }),
  ),
  '',
);

/** The year a company was founded (CRM and job companies alike), or null when not known. */
export const foundedYear = z._default(
  z.nullable(
    z
      .number('The year must be a number.')
      .check(
        z.int('The year must be a whole number.'),
        z.minimum(1800, 'The year must be 1800 or later.'),
        z.maximum(2100, 'The year must be 2100 or earlier.'),
      ),
  ),
  null,
);

/**
 * A calendar date as the API carries it. Year 0000 is a valid ISO date but not a PostgreSQL one
 * (there is no year 0 before 0001): refused here with the same message.
 */
export const isoDate = (label: string) => {
  const message = `${label} must be a date (YYYY-MM-DD).`;
  return z.iso
    .date(message)
    .check(z.refine((value) => !value.startsWith('0000-'), { error: message, params: codeParams('date') }));
};

/**
 * A date and time as the API carries it (ISO 8601 with an offset), within the years 1 to 9999 in
 * UTC: past them JavaScript writes a year PostgreSQL does not read ("+010000-01-01…", or year 0).
 */
export const isoDateTime = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).check(
    z.refine(
      (value) => {
        const year = new Date(value).getUTCFullYear();
        return year >= 1 && year <= 9999;
      },
      { error: message, params: codeParams('dateTime') },
    ),
  );

/** The colours an avatar or a label may take (Mantine's palette names). */
export const labelColours = [
  'blue',
  'cyan',
  'green',
  'teal',
  'orange',
  'red',
  'grape',
  'violet',
  'indigo',
  'pink',
] as const;

/**
 * A record back as its input (where the server's PATCH and the web edit form start from), for the
 * resources whose records name their fields as their inputs do: the record's fields of the input's
 * names.
 */
export function inputOf<I extends z.ZodMiniObject>(input: I): (record: object) => z.input<I> {
  const fields = Object.keys(input.shape);
  return (record) =>
    Object.fromEntries(
      fields.map((field) => [field, (record as Record<string, unknown>)[field]]),
    ) as z.input<I>;
}
