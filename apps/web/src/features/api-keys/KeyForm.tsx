import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod/mini';
import { DateField } from '../../components/DateField';
import { isApiError } from '../../lib/api';
import { endOfDay, tomorrow } from './expiry';

export type KeyErrors = Record<string, string>;
export type KeyValues = { name: string; expiryDate: string | null };

/** The first message of each field of a failed contract check. */
export function errorsOf(error: z.core.$ZodError): KeyErrors {
  return Object.fromEntries(error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

interface KeyFormProps {
  t: (key: string) => string;
  /** The name and the expiry day (YYYY-MM-DD, or "" for never) the form starts from. */
  initial: { name: string; expiry: string };
  /** The contract the values must pass before they are sent (the server checks again). */
  schema: z.ZodMiniType;
  /** Sends the checked values; a failure's field errors are shown on their fields. */
  send: (values: KeyValues, callbacks: { onError: (error: unknown) => void }) => void;
  pending: boolean;
  submitLabel: string;
  onCancel: () => void;
  /** Between the fields and the buttons (the create dialog's note on the secret). */
  children?: ReactNode;
}

/**
 * A key's name and expiry day, checked against the contract and sent: the form of both the create
 * and the change dialog. The day is sent as the end of that day, local time.
 */
export function KeyForm({
  t,
  initial,
  schema,
  send,
  pending,
  submitLabel,
  onCancel,
  children,
}: KeyFormProps) {
  const [name, setName] = useState(initial.name);
  const [expiry, setExpiry] = useState(initial.expiry);
  const [errors, setErrors] = useState<KeyErrors>({});

  const submit = () => {
    const values = { name, expiryDate: expiry ? endOfDay(expiry) : null };
    const checked = schema.safeParse(values);
    if (!checked.success) {
      setErrors(errorsOf(checked.error));
      return;
    }
    setErrors({});
    send(values, {
      onError: (error) => {
        if (isApiError(error)) setErrors(error.fieldErrors);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label={t('fields.name')}
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
        />
        <DateField
          label={t('fields.expiryDate')}
          description={t('create.expiryHint')}
          minDate={tomorrow()}
          value={expiry || null}
          onChange={(value) => setExpiry(value ?? '')}
          error={errors.expiryDate}
        />
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:resource.cancel')}
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
