import { TextInput } from '@mantine/core';
import type { z } from 'zod/mini';
import { tomorrow } from './expiry';

export type KeyErrors = Record<string, string>;

/** The first message of each field of a failed contract check. */
export function errorsOf(error: z.core.$ZodError): KeyErrors {
  return Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

interface KeyFieldsProps {
  t: (key: string) => string;
  name: string;
  onName: (name: string) => void;
  /** A day (YYYY-MM-DD), or "" for never. */
  expiry: string;
  onExpiry: (day: string) => void;
  errors: KeyErrors;
}

/** A key's name and expiry day, as both the create and the change dialog ask for them. */
export function KeyFields({ t, name, onName, expiry, onExpiry, errors }: KeyFieldsProps) {
  return (
    <>
      <TextInput
        label={t('fields.name')}
        required
        data-autofocus
        value={name}
        onChange={(event) => onName(event.currentTarget.value)}
        error={errors.name}
      />
      <TextInput
        type="date"
        label={t('fields.expiryDate')}
        description={t('create.expiryHint')}
        min={tomorrow()}
        value={expiry}
        onChange={(event) => onExpiry(event.currentTarget.value)}
        error={errors.expiryDate}
      />
    </>
  );
}
