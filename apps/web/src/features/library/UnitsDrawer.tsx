import { zodResolver } from '@hookform/resolvers/zod';
import { messages, type UnitRecord, unitInput } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type SubmitHandler, useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { plural } from '../../lib/format';
import { useDeleteUnit, useSaveUnit, useUnits } from './api';

type UnitInput = z.input<typeof unitInput>;
type UnitOutput = z.output<typeof unitInput>;

/** Adds a unit, or renames the one given. */
function UnitForm({ unit, onDone }: { unit: UnitRecord | null; onDone: () => void }) {
  const save = useSaveUnit();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<UnitInput, unknown, UnitOutput>({
    resolver: zodResolver(unitInput),
    defaultValues: { name: unit?.name ?? '', description: unit?.description ?? '' },
  });

  const onSubmit: SubmitHandler<UnitOutput> = async (values) => {
    setServerError(null);
    try {
      await save.mutateAsync(unit ? { ...values, id: unit.id } : values);
      reset({ name: '', description: '' });
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, setError, ['name', 'description'])) setServerError(errorMessageOf(error));
    }
  };

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-label={unit ? `Edit unit ${unit.name}` : 'Add unit'}
    >
      <Stack gap="sm">
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            {...register('name')}
            label="Unit"
            placeholder="m²"
            error={errors.name?.message}
            withAsterisk
            maxLength={20}
            autoComplete="off"
            data-autofocus={unit ? true : undefined}
          />
          <TextInput
            {...register('description')}
            label="Description"
            placeholder="square metre"
            error={errors.description?.message}
            maxLength={100}
            autoComplete="off"
          />
        </Group>
        {serverError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {unit ? (
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {unit ? 'Save unit' : 'Add unit'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The units L4 items are measured in: add, rename, and delete those no item uses. */
export function UnitsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const units = useUnits(opened);
  const remove = useDeleteUnit();
  const [editing, setEditing] = useState<UnitRecord | null>(null);
  const [toDelete, setToDelete] = useState<UnitRecord | null>(null);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Units"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="lg">
        <UnitForm key={editing?.id ?? 'new'} unit={editing} onDone={() => setEditing(null)} />
        {units.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            {messages.fetchFailed}
          </Alert>
        ) : null}
        <Table verticalSpacing="xs" aria-label="Units" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Unit</Table.Th>
              <Table.Th scope="col">Description</Table.Th>
              <Table.Th scope="col" ta="right">
                Used by
              </Table.Th>
              <Table.Th scope="col" w={80}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {units.isPending
              ? [1, 2, 3].map((row) => (
                  <Table.Tr key={row}>
                    <Table.Td colSpan={4}>
                      <Skeleton height={14} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : (units.data ?? []).map((unit) => (
                  <Table.Tr key={unit.id}>
                    <Table.Td fw={600}>{unit.name}</Table.Td>
                    <Table.Td>
                      <Text size="sm" c={unit.description ? undefined : 'dimmed'}>
                        {unit.description || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {plural(unit.usage, 'item')}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Edit unit ${unit.name}`}
                          onClick={() => setEditing(unit)}
                        >
                          <IconPencil size={16} aria-hidden="true" />
                        </ActionIcon>
                        <Tooltip
                          label={
                            unit.usage > 0 ? `Used by ${plural(unit.usage, 'item')}` : `Delete ${unit.name}`
                          }
                          withArrow
                        >
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete unit ${unit.name}`}
                            disabled={unit.usage > 0}
                            onClick={() => setToDelete(unit)}
                          >
                            <IconTrash size={16} aria-hidden="true" />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Stack>

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete unit"
        confirmLabel="Delete unit"
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      >
        {toDelete ? (
          <>
            Delete the unit <strong>{toDelete.name}</strong>? No item uses it.
          </>
        ) : null}
      </ConfirmDialog>
    </Drawer>
  );
}
