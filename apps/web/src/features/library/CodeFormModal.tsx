import {
  type CodeLevel,
  type CodeRecord,
  type CodeRef,
  codeCreate,
  codeKinds,
  codeUpdate,
  libraryMessages,
} from '@ledgerdesk/contracts';
import { Group, Modal, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { Controller, FormProvider, type SubmitHandler, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { FormErrorAlert, FormFooter } from '../../components/FormFooter';
import { StaleRecordNotice } from '../../components/StaleRecordNotice';
import { errorMessageOf } from '../../lib/api';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useStaleRecord } from '../../lib/stale-record';
import { contractResolver } from '../../lib/validation';
import { useCode, useCreateCode, useUnits, useUpdateCode } from './api';
import { CodePicker } from './CodePicker';
import { fullCode, levelLabel, multiplyMoney, parentLevel, updateBodyOf } from './levels';
import classes from './library.module.css';

type CreateInput = z.input<typeof codeCreate>;
type CreateOutput = z.output<typeof codeCreate>;
type UpdateInput = z.input<typeof codeUpdate>;
type UpdateOutput = z.output<typeof codeUpdate>;
/** The fields the add and the edit form share. */
type CodeFieldValues = Omit<UpdateInput, 'id'>;

const fieldNames = [
  'code',
  'description',
  'isActive',
  'parentId',
  'kind',
  'unitId',
  'unitPrice',
  'quantity',
  'taxable',
  'notes',
] as const;

/** The contract's check, and for L2–L4 the parent it needs (the server says the same). */
function withParent<Schema extends typeof codeCreate | typeof codeUpdate>(schema: Schema, level: CodeLevel) {
  if (level === 1) return schema;
  return schema.check(
    z.refine((values: { parentId?: string | null }) => Boolean(values.parentId), {
      message: libraryMessages.parentRequired(level),
      path: ['parentId'],
    }),
  ) as Schema;
}

/** An empty box means "not given": the contract's default (0) applies. */
const blankAsDefault = (value: unknown) => (value === '' ? undefined : value);

function CodeFields({ level, editing }: { level: CodeLevel; editing: CodeRecord | null }) {
  const { t } = useTranslation('library');
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = useFormContext<CodeFieldValues>();
  const above = parentLevel(level);
  const parent = useCode(watch('parentId'));
  const units = useUnits(level === 4);
  const code = watch('code') ?? '';
  const price = String(watch('unitPrice') ?? '');
  const quantity = String(watch('quantity') ?? '');
  const amount = multiplyMoney(price || '0', quantity || '0');
  const preview = code.trim() ? fullCode(above ? parent.data : null, code) : null;

  return (
    <>
      {above ? (
        <Controller
          control={control}
          name="parentId"
          render={({ field, fieldState }) => (
            <CodePicker
              level={above}
              label={t('form.parent', { level: levelLabel(above) })}
              withAsterisk
              value={field.value ?? null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              description={editing ? t('form.parentHint') : undefined}
            />
          )}
        />
      ) : null}
      <TextInput
        {...register('code')}
        label={t('fields.code')}
        description={
          preview ? (
            <>
              {t('form.fullCode')} <span className={classes.mono}>{preview}</span>
            </>
          ) : (
            t('form.codeHint')
          )
        }
        error={errors.code?.message}
        withAsterisk
        maxLength={20}
        autoComplete="off"
        data-autofocus
        classNames={{ input: classes.mono }}
      />
      <Textarea
        {...register('description')}
        label={t('fields.description')}
        error={errors.description?.message}
        withAsterisk
        autosize
        minRows={1}
        maxRows={4}
      />
      {level === 1 ? (
        <Controller
          control={control}
          name="kind"
          render={({ field, fieldState }) => (
            <Select
              label={t('fields.kind')}
              description={t('form.kindHint')}
              data={codeKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
              value={field.value ?? 'expense'}
              onChange={(value) => field.onChange(value ?? 'expense')}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
      ) : null}
      {level === 4 ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Controller
              control={control}
              name="unitId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('fields.unit')}
                  placeholder={t('form.noUnit')}
                  data={(units.data ?? []).map((unit) => ({ value: unit.id, label: unit.name }))}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={fieldState.error?.message ?? (units.isError ? t('form.unitsFailed') : undefined)}
                  clearable
                  searchable
                  nothingFoundMessage={t('form.noUnitFound')}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            />
            <TextInput
              {...register('unitPrice', { setValueAs: blankAsDefault })}
              label={t('fields.unitPrice')}
              placeholder="0.00"
              inputMode="decimal"
              autoComplete="off"
              error={errors.unitPrice?.message}
              classNames={{ input: classes.figure }}
            />
            <TextInput
              {...register('quantity', { setValueAs: blankAsDefault })}
              label={t('fields.quantity')}
              placeholder="0"
              inputMode="decimal"
              autoComplete="off"
              error={errors.quantity?.message}
              classNames={{ input: classes.figure }}
            />
          </SimpleGrid>
          <Text size="sm" aria-live="polite">
            {t('form.amount')}{' '}
            <strong className={classes.figure}>{amount === null ? '—' : formatMoney(amount)}</strong>
          </Text>
          <Textarea
            {...register('notes')}
            label={t('fields.notes')}
            error={errors.notes?.message}
            autosize
            minRows={2}
            maxRows={6}
          />
        </>
      ) : null}
      <Group gap="xl">
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch
              label={t('active')}
              checked={field.value ?? true}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        {level === 4 ? (
          <Controller
            control={control}
            name="taxable"
            render={({ field }) => (
              <Switch
                label={t('fields.taxable')}
                checked={field.value ?? false}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
        ) : null}
      </Group>
    </>
  );
}

function CreateCodeForm({
  level,
  parent,
  onClose,
  onSaved,
}: {
  level: CodeLevel;
  parent: CodeRef | null;
  onClose: () => void;
  onSaved?: (record: CodeRecord) => void;
}) {
  const { t } = useTranslation('library');
  const create = useCreateCode(level);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CreateInput, unknown, CreateOutput>({
    resolver: contractResolver(withParent(codeCreate, level)),
    defaultValues: {
      code: '',
      description: '',
      isActive: true,
      parentId: level === 1 ? null : (parent?.id ?? null),
      ...(level === 1 ? { kind: 'expense' as const } : {}),
      unitId: null,
      taxable: false,
      notes: '',
    },
  });

  const onSubmit: SubmitHandler<CreateOutput> = async (values) => {
    setServerError(null);
    try {
      const saved = await create.mutateAsync(level === 4 ? values : { ...values, unitId: null });
      onSaved?.(saved.data);
      onClose();
    } catch (error) {
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, form.setError, fieldNames);
    }
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <Stack gap="md">
          <CodeFields level={level} editing={null} />
          <FormErrorAlert message={serverError} />
          <FormFooter
            pending={create.isPending}
            label={t('addCode', { level: levelLabel(level) })}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </FormProvider>
  );
}

function EditCodeForm({
  record,
  onClose,
  onSaved,
}: {
  record: CodeRecord;
  onClose: () => void;
  onSaved?: (record: CodeRecord) => void;
}) {
  const { t } = useTranslation('library');
  const level = record.level as CodeLevel;
  const update = useUpdateCode(level);
  const [serverError, setServerError] = useState<string | null>(null);
  const stale = useStaleRecord<CodeRecord>();
  // The code as it is, with the version it was read at: a save over someone else's change is refused.
  const form = useForm<UpdateInput, unknown, UpdateOutput>({
    resolver: contractResolver(withParent(codeUpdate, level)),
    defaultValues: updateBodyOf(record),
  });

  const onSubmit: SubmitHandler<UpdateOutput> = async (values) => {
    setServerError(null);
    try {
      const saved = await update.mutateAsync(values);
      onSaved?.(saved.data);
      onClose();
    } catch (error) {
      if (stale.caught(error)) return;
      setServerError(errorMessageOf(error));
      applyFieldErrors(error, form.setError, fieldNames);
    }
  };
  const submit = form.handleSubmit(onSubmit);

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <StaleRecordNotice
            open={stale.current !== null}
            pending={update.isPending}
            onReload={() => {
              if (stale.current) form.reset(updateBodyOf(stale.current));
              stale.clear();
            }}
            onOverwrite={() => {
              if (stale.current) form.setValue('version', stale.current.version);
              stale.clear();
              void submit();
            }}
          />
          <CodeFields level={level} editing={record} />
          <FormErrorAlert message={serverError} />
          <FormFooter pending={update.isPending} label={t('common:actions.saveChanges')} onCancel={onClose} />
        </Stack>
      </form>
    </FormProvider>
  );
}

export type CodeFormState =
  | { mode: 'closed' }
  | { mode: 'add'; level: CodeLevel; parent: CodeRef | null }
  | { mode: 'edit'; record: CodeRecord };

interface CodeFormModalProps {
  state: CodeFormState;
  onClose: () => void;
  /** The code as the server saved it. */
  onSaved?: (record: CodeRecord) => void;
}

/** Add a code of a level (under a parent for L2–L4), or edit one (PUT with the id in the body). */
export function CodeFormModal({ state, onClose, onSaved }: CodeFormModalProps) {
  const { t } = useTranslation('library');
  // While the modal fades out, its title stays what it was.
  const last = useRef(state);
  if (state.mode !== 'closed') last.current = state;
  const shown = last.current;
  const title =
    shown.mode === 'add'
      ? t('addCode', { level: levelLabel(shown.level) })
      : shown.mode === 'edit'
        ? t('form.editTitle', { code: shown.record.codeComb })
        : '';
  return (
    <Modal
      opened={state.mode !== 'closed'}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {/* A new form for each opening: no values or errors left from the last one. */}
      {state.mode === 'add' ? (
        <CreateCodeForm level={state.level} parent={state.parent} onClose={onClose} onSaved={onSaved} />
      ) : state.mode === 'edit' ? (
        <EditCodeForm key={state.record.id} record={state.record} onClose={onClose} onSaved={onSaved} />
      ) : null}
    </Modal>
  );
}
