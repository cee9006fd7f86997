import {
  Alert,
  Button,
  Group,
  Input,
  NumberInput,
  Paper,
  Rating,
  Select,
  SimpleGrid,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { type ReactNode, type Ref, useState } from 'react';
import { Controller, type FieldValues, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { DateField } from '../components/DateField';
import { StaleRecordNotice } from '../components/StaleRecordNotice';
import { errorMessageOf, isApiError } from '../lib/api';
import { serverFieldMessage } from '../lib/field-messages';
import { useStaleRecord, type Versioned } from '../lib/stale-record';
import { contractResolver } from '../lib/validation';
import { ChecklistInput, type ChecklistItem } from './ChecklistInput';
import { PhoneInput } from './PhoneInput';
import { ReferencePicker, UserPicker, UsersPicker } from './pickers';
import type { FieldSpec, ResourceDefinition } from './types';

/** The label of an enum value: `values.<field>.<value>` in the feature's catalogue, else the value. */
export function valueLabel(t: TFunction, field: string, value: string): string {
  return t(`values.${field}.${value}`, { defaultValue: value });
}

/**
 * A field's error message, or the first of its parts' (a checklist item without a title): a list's
 * errors are kept per item, the field itself has none.
 */
function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, part] of Object.entries(error)) {
    // Only the error's own plain parts: its `ref` is the input's element.
    if (key === 'ref' || !part || typeof part !== 'object') continue;
    if (!Array.isArray(part) && Object.getPrototypeOf(part) !== Object.prototype) continue;
    const found = messageOf(part);
    if (found) return found;
  }
  return undefined;
}

interface FieldProps {
  spec: FieldSpec;
  /** The input's element: where focus goes when the field is the first invalid one. */
  inputRef: Ref<never>;
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string;
  t: TFunction;
}

/** The input of one field, chosen by its kind. */
function FieldInput({ spec, inputRef, label, value, onChange, onBlur, error, t }: FieldProps) {
  const common = {
    label,
    error,
    required: spec.required,
    description: spec.hint ? t(spec.hint) : undefined,
    onBlur,
    ref: inputRef,
  };
  switch (spec.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          type={spec.type ?? 'text'}
          value={(value as string) ?? ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'phone':
      return <PhoneInput {...common} value={(value as string) ?? ''} onChange={(next) => onChange(next)} />;
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={spec.rows ?? 3}
          value={(value as string) ?? ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          allowDecimal={Boolean(spec.step && spec.step < 1)}
          value={(value as number | null) ?? ''}
          onChange={(next) => onChange(next === '' ? null : Number(next))}
        />
      );
    case 'decimal':
      // Money and quantities travel as decimal strings: no float ever touches them.
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          leftSection={spec.prefix}
          value={(value as string) ?? ''}
          onChange={(event) => onChange(event.currentTarget.value.replace(',', '.'))}
        />
      );
    case 'date':
      return <DateField {...common} value={(value as string | null) ?? null} onChange={onChange} />;
    case 'select':
      return (
        <Select
          {...common}
          data={spec.options.map((option) => ({ value: option, label: valueLabel(t, spec.name, option) }))}
          value={(value as string | null) ?? null}
          onChange={(next) => onChange(next)}
          clearable={spec.clearable}
          allowDeselect={Boolean(spec.clearable)}
        />
      );
    case 'tags':
      return (
        <TagsInput
          {...common}
          value={(value as string[]) ?? []}
          onChange={(next) => onChange(next)}
          clearable
        />
      );
    case 'checklist':
      return (
        <ChecklistInput
          label={label}
          error={error}
          description={common.description}
          inputRef={inputRef}
          value={(value as ChecklistItem[]) ?? []}
          onChange={(next) => onChange(next)}
          onBlur={onBlur}
        />
      );
    case 'switch':
      return (
        <Switch
          ref={inputRef}
          label={label}
          error={error}
          checked={Boolean(value)}
          onChange={(event) => onChange(event.currentTarget.checked)}
          onBlur={onBlur}
          mt="lg"
        />
      );
    case 'rating':
      return (
        <Input.Wrapper label={label} error={error} description={common.description}>
          <Rating
            ref={inputRef}
            value={Number(value ?? 0)}
            onChange={(next) => onChange(next)}
            fractions={2}
            aria-label={label}
            mt={4}
          />
        </Input.Wrapper>
      );
    case 'user':
      return (
        <UserPicker
          {...common}
          value={(value as string | null) ?? null}
          onChange={(next) => onChange(next)}
        />
      );
    case 'users':
      return (
        <UsersPicker {...common} value={(value as string[]) ?? []} onChange={(next) => onChange(next)} />
      );
    case 'reference':
      return (
        <ReferencePicker
          {...common}
          api={spec.api}
          keyOf={spec.keyOf}
          labelOf={spec.labelOf}
          value={(value as string | null) ?? null}
          onChange={(next) => onChange(next)}
        />
      );
  }
}

interface ResourceFormProps<Rec, Values> {
  def: ResourceDefinition<Rec, Values>;
  /** When editing, with the record's `version`: sent with the changes, so that a stale save is refused. */
  initialValues: Values;
  submitLabel: string;
  /** Sends the values; a rejected call with field errors puts them on their fields. */
  onSubmit: (values: Values) => Promise<unknown>;
  onCancel: () => void;
  /**
   * More inputs below the definition's fields (an area's own, e.g. line items). They are inside the
   * form's FormProvider: `useFormContext`, `useFieldArray` and `useWatch` reach its state.
   */
  children?: ReactNode;
  /**
   * The fields the children edit ("lines"): server errors on them or on their parts
   * ("lines.0.quantity") are put on those paths instead of the alert.
   */
  childFields?: readonly string[];
}

/**
 * The create/edit form of a resource: the definition's fields in a two-column grid, checked with the
 * contract's input schema before sending; the server's field errors land on their fields. An edit
 * sends the version it loaded; when the record changed meanwhile, StaleRecordNotice offers to
 * reload it or to overwrite it.
 */
export function ResourceForm<Rec, Values>({
  def,
  initialValues,
  submitLabel,
  onSubmit,
  onCancel,
  children,
  childFields = [],
}: ResourceFormProps<Rec, Values>) {
  const { t } = useTranslation([def.ns, 'common']);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FieldValues>({
    defaultValues: initialValues as FieldValues,
    resolver: contractResolver(def.input as z.ZodMiniType<FieldValues, FieldValues>),
  });
  const names = new Set(def.fields.map((field) => field.name));
  // A part of a field (a checklist's `subtasks.0.title`) is shown on the field.
  const onField = (name: string) =>
    names.has(name) ||
    names.has(name.split('.')[0] ?? '') ||
    childFields.some((field) => name === field || name.startsWith(`${field}.`));

  const stale = useStaleRecord<Rec & Versioned>();

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values as Values);
    } catch (error) {
      if (stale.caught(error)) return;
      let placed = false;
      if (isApiError(error)) {
        // In the form's order, so that focus goes to the first invalid field on the screen.
        const order = (name: string) => {
          const index = def.fields.findIndex((field) => field.name === name);
          return index === -1 ? def.fields.length : index;
        };
        const errors = Object.entries(error.fieldErrors).sort(([a], [b]) => order(a) - order(b));
        for (const [name, message] of errors) {
          if (!onField(name)) continue;
          form.setError(
            name,
            { type: 'server', message: serverFieldMessage(error.fieldErrorCodes, name, message) },
            { shouldFocus: !placed },
          );
          placed = true;
        }
      }
      if (!placed) setFormError(errorMessageOf(error));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Paper withBorder p="lg" radius="md">
          <StaleRecordNotice
            open={stale.current !== null}
            pending={form.formState.isSubmitting}
            onReload={() => {
              const current = stale.current;
              if (!current) return;
              form.reset({ ...def.toInput(current), version: current.version } as FieldValues);
              stale.clear();
            }}
            onOverwrite={() => {
              const current = stale.current;
              if (!current) return;
              form.setValue('version', current.version);
              stale.clear();
              void submit();
            }}
          />
          {formError ? (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} mb="md" role="alert">
              {formError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
            {def.fields.map((spec) => (
              <div
                key={spec.name}
                style={
                  spec.wide || spec.kind === 'textarea' || spec.kind === 'checklist'
                    ? { gridColumn: '1 / -1' }
                    : undefined
                }
              >
                <Controller
                  control={form.control}
                  name={spec.name}
                  render={({ field, fieldState }) => (
                    <FieldInput
                      spec={spec}
                      inputRef={field.ref}
                      label={t(`fields.${spec.name}`)}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={messageOf(fieldState.error)}
                      t={t}
                    />
                  )}
                />
              </div>
            ))}
          </SimpleGrid>
          {children}
          <Group justify="flex-end" mt="xl">
            <Button variant="default" onClick={onCancel} disabled={form.formState.isSubmitting}>
              {t('common:resource.cancel')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {submitLabel}
            </Button>
          </Group>
        </Paper>
      </form>
    </FormProvider>
  );
}
