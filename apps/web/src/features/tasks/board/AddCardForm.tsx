import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface AddCardFormProps {
  columnTitle: string;
  pending: boolean;
  /** Resolves once the card is stored (the input then clears and stays open for the next one). */
  onAdd: (title: string) => Promise<unknown>;
}

/** "+ Add card" at the top of a column: a title, then Enter (Escape closes it). */
export function AddCardForm({ columnTitle, pending, onAdd }: AddCardFormProps) {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  if (!open) {
    return (
      <Button
        variant="subtle"
        size="xs"
        fullWidth
        justify="flex-start"
        leftSection={<IconPlus size={14} aria-hidden="true" />}
        onClick={() => setOpen(true)}
        aria-label={t('board.addCardTo', { column: columnTitle })}
      >
        {t('board.addCard')}
      </Button>
    );
  }
  const submit = async () => {
    const trimmed = title.trim();
    if (!trimmed) return;
    try {
      await onAdd(trimmed);
      setTitle('');
    } catch {
      // The toast said why; the title stays to try again.
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextInput
        size="xs"
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            setTitle('');
            setOpen(false);
          }
        }}
        placeholder={t('board.cardTitlePlaceholder')}
        aria-label={t('board.cardTitle', { column: columnTitle })}
        disabled={pending}
        autoFocus
        maxLength={200}
      />
      <Group gap="xs" mt={6} justify="flex-end">
        <Button size="xs" variant="default" onClick={() => setOpen(false)}>
          {t('common:resource.cancel')}
        </Button>
        <Button size="xs" type="submit" loading={pending} disabled={!title.trim()}>
          {t('board.add')}
        </Button>
      </Group>
    </form>
  );
}
