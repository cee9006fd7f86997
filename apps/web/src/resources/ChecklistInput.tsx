import { ActionIcon, Checkbox, Group, Input, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { type Ref, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChecklistItem {
  title: string;
  done: boolean;
}

interface ChecklistInputProps {
  label: string;
  value: ChecklistItem[];
  onChange: (value: ChecklistItem[]) => void;
  onBlur?: () => void;
  error?: string;
  description?: string;
  inputRef?: Ref<never>;
}

/**
 * A checklist edited in place: each item a box to tick and its title, removable; a line at the end
 * adds one (Enter or the + button). The field's value is the list, in order.
 */
export function ChecklistInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  description,
  inputRef,
}: ChecklistInputProps) {
  const { t } = useTranslation('common');
  const [draft, setDraft] = useState('');
  // Items have no id of their own: each gets a key while the form is open, so that an input keeps
  // its focus while its title is typed and a removal takes the right row away.
  const lastKey = useRef(0);
  const newKey = () => {
    lastKey.current += 1;
    return lastKey.current;
  };
  const [ownKeys, setKeys] = useState<number[]>(() => value.map(newKey));
  // The list replaced from outside (the form reset): new keys for it.
  const keys = ownKeys.length === value.length ? ownKeys : value.map(newKey);
  if (keys !== ownKeys) setKeys(keys);
  const change = (index: number, item: Partial<ChecklistItem>) =>
    onChange(value.map((current, at) => (at === index ? { ...current, ...item } : current)));
  const add = () => {
    const title = draft.trim();
    if (!title) return;
    setKeys([...keys, newKey()]);
    onChange([...value, { title, done: false }]);
    setDraft('');
  };
  return (
    <Input.Wrapper label={label} error={error} description={description}>
      <Stack gap={6} mt={4} role="group" aria-label={label}>
        {value.map((item, index) => (
          <Group key={keys[index]} gap="xs" wrap="nowrap">
            <Checkbox
              checked={item.done}
              onChange={(event) => change(index, { done: event.currentTarget.checked })}
              aria-label={t('checklist.done', { title: item.title })}
            />
            <TextInput
              value={item.title}
              onChange={(event) => change(index, { title: event.currentTarget.value })}
              onBlur={onBlur}
              aria-label={t('checklist.item', { number: index + 1 })}
              style={{ flex: 1 }}
              size="sm"
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => {
                setKeys(keys.filter((_, at) => at !== index));
                onChange(value.filter((_, at) => at !== index));
              }}
              aria-label={t('checklist.remove', { title: item.title })}
            >
              <IconX size={16} aria-hidden="true" />
            </ActionIcon>
          </Group>
        ))}
        <Group gap="xs" wrap="nowrap">
          <TextInput
            ref={inputRef}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter adds the item instead of sending the form.
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
            placeholder={t('checklist.placeholder')}
            aria-label={t('checklist.new')}
            style={{ flex: 1 }}
            size="sm"
          />
          <ActionIcon variant="light" onClick={add} aria-label={t('checklist.add')} disabled={!draft.trim()}>
            <IconPlus size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
