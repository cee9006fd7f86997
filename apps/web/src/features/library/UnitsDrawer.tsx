import { type UnitRecord, unitInput } from '@ledgerdesk/contracts';
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
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StaleRecordNotice } from '../../components/StaleRecordNotice';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { useStaleRecord } from '../../lib/stale-record';
import { contractResolver } from '../../lib/validation';
import { useDeleteUnit, useSaveUnit, useUnits } from './api';

type UnitInput = z.input<typeof unitInput>;
type UnitOutput = z.output<typeof unitInput>;

/** Adds a unit, or renames the one given. */
function UnitForm({ unit, onDone }: { unit: UnitRecord | null; onDone: () => void }) {
  const { t } = useTranslation('library');
  const save = useSaveUnit();
  const [serverError, setServerError] = useState<string | null>(null);
  // The version the rename is over: the unit's as shown, or the current one after Reload/Overwrite.
  const [version, setVersion] = useState(unit?.version);
  const stale = useStaleRecord<UnitRecord>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<UnitInput, unknown, UnitOutput>({
    resolver: contractResolver(unitInput),
    defaultValues: { name: unit?.name ?? '', description: unit?.description ?? '' },
  });

  const send =
    (over: number | undefined): SubmitHandler<UnitOutput> =>
    async (values) => {
      setServerError(null);
      try {
        await save.mutateAsync(unit ? { ...values, id: unit.id, version: over } : values);
        reset({ name: '', description: '' });
        onDone();
      } catch (error) {
        if (stale.caught(error)) return;
        if (!applyFieldErrors(error, setError, ['name', 'description']))
          setServerError(errorMessageOf(error));
      }
    };

  return (
    <form
      onSubmit={handleSubmit(send(version))}
      noValidate
      aria-label={unit ? t('units.edit', { name: unit.name }) : t('units.add')}
    >
      <Stack gap="sm">
        <StaleRecordNotice
          open={stale.current !== null}
          pending={save.isPending}
          onReload={() => {
            if (stale.current) {
              reset({ name: stale.current.name, description: stale.current.description });
              setVersion(stale.current.version);
            }
            stale.clear();
          }}
          onOverwrite={() => {
            const current = stale.current?.version;
            setVersion(current);
            stale.clear();
            void handleSubmit(send(current))();
          }}
        />
        <Group align="flex-start" gap="sm" grow>
          <TextInput
            {...register('name')}
            label={t('fields.unit')}
            placeholder="m²"
            error={errors.name?.message}
            withAsterisk
            maxLength={20}
            autoComplete="off"
            data-autofocus={unit ? true : undefined}
          />
          <TextInput
            {...register('description')}
            label={t('fields.description')}
            placeholder={t('units.descriptionPlaceholder')}
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
              {t('common:actions.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {unit ? t('units.save') : t('units.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The units L4 items are measured in: add, rename, and delete those no item uses. */
export function UnitsDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('library');
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
      title={t('units.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <Stack gap="lg">
        <UnitForm key={editing?.id ?? 'new'} unit={editing} onDone={() => setEditing(null)} />
        {units.isError ? (
          <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden="true" />}>
            {t('common:errors.fetchFailed')}
          </Alert>
        ) : null}
        <Table verticalSpacing="xs" aria-label={t('units.title')} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('fields.unit')}</Table.Th>
              <Table.Th scope="col">{t('fields.description')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('units.usedBy')}
              </Table.Th>
              <Table.Th scope="col" w={80}>
                <VisuallyHidden>{t('common:table.actions')}</VisuallyHidden>
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
                      {t('units.items', { count: unit.usage })}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={t('units.edit', { name: unit.name })}
                          onClick={() => setEditing(unit)}
                        >
                          <IconPencil size={16} aria-hidden="true" />
                        </ActionIcon>
                        <Tooltip
                          label={
                            unit.usage > 0
                              ? t('units.usedByItems', { count: unit.usage })
                              : t('units.deleteName', { name: unit.name })
                          }
                          withArrow
                        >
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('units.deleteUnit', { name: unit.name })}
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
        title={t('units.deleteTitle')}
        confirmLabel={t('units.deleteTitle')}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) });
        }}
      >
        {toDelete ? (
          <Trans
            t={t}
            i18nKey="units.deleteQuestion"
            values={{ name: toDelete.name }}
            components={{ strong: <strong /> }}
          />
        ) : null}
      </ConfirmDialog>
    </Drawer>
  );
}
