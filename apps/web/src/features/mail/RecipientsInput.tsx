import { email } from '@ledgerdesk/contracts';
import { Group, Pill, Stack, TagsInput, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../lib/session';
import { type MailAddress, useRecipients } from './api';

const isAddress = (value: string) => email.safeParse(value).success;

/**
 * To, Cc or Bcc: users of the product offered as one types (name or address), and any other address
 * typed in full (Enter, comma or space ends it); a text that is not an address is refused with a
 * message. Each recipient is a chip with the person's name, removable from the keyboard too.
 */
export function RecipientsInput({
  label,
  value,
  onChange,
  autoFocus,
}: {
  label: string;
  value: MailAddress[];
  onChange: (value: MailAddress[]) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('mail');
  const [search, setSearch] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const people = useRecipients(debounced);
  const me = useSessionUser();
  const known = new Map<string, MailAddress>();
  for (const person of people.data ?? [])
    known.set(person.email.toLowerCase(), { address: person.email, name: person.name, userId: person.id });
  for (const recipient of value) known.set(recipient.address.toLowerCase(), recipient);
  const chosen = new Set(value.map((recipient) => recipient.address.toLowerCase()));
  const options = (people.data ?? [])
    .filter((person) => person.id !== me?.id && !chosen.has(person.email.toLowerCase()))
    .map((person) => person.email);

  const update = (addresses: string[]) => {
    const wrong = addresses.find((address) => !isAddress(address.trim()));
    if (wrong !== undefined) {
      setError(t('composer.invalidAddress', { value: wrong }));
      setSearch(wrong);
      return;
    }
    setError(null);
    onChange(
      addresses.map(
        (address) =>
          known.get(address.trim().toLowerCase()) ?? { address: address.trim(), name: '', userId: null },
      ),
    );
  };

  return (
    <TagsInput
      label={label}
      placeholder={value.length === 0 ? t('composer.recipientsPlaceholder') : undefined}
      value={value.map((recipient) => recipient.address)}
      onChange={update}
      searchValue={search}
      onSearchChange={(next) => {
        setSearch(next);
        if (error) setError(null);
      }}
      data={options}
      // The server matched the names: keep its answer as it is.
      filter={({ options: all }) => all}
      splitChars={[',', ';', ' ']}
      acceptValueOnBlur
      clearable={false}
      error={error}
      autoFocus={autoFocus}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const person = known.get(option.value.toLowerCase());
        return (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {person?.name ?? option.value}
            </Text>
            <Text size="xs" c="dimmed">
              {option.value}
            </Text>
          </Stack>
        );
      }}
      renderPill={({ value: address, onRemove }) => {
        const person = address ? known.get(address.toLowerCase()) : undefined;
        const name = person?.name || address || '';
        return (
          <Pill
            withRemoveButton
            onRemove={onRemove}
            title={address}
            removeButtonProps={{ 'aria-label': t('composer.removeRecipient', { name }) }}
          >
            <Group gap={4} wrap="nowrap" component="span">
              {name}
            </Group>
          </Pill>
        );
      }}
    />
  );
}
