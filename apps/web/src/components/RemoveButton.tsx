import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

interface RemoveButtonProps {
  /** What it removes, for assistive technology: "Remove line 2", "Delete the to-do …". */
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/** A small red bin button that removes one item of a list (a cart or invoice line, a to-do). */
export function RemoveButton({ label, onClick, disabled }: RemoveButtonProps) {
  return (
    <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} disabled={disabled}>
      <IconTrash size={16} aria-hidden="true" />
    </ActionIcon>
  );
}
