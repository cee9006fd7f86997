import {
  type CalendarEventInput,
  type CalendarEventRecord,
  calendarEventInput,
  type EventCategory,
  type EventRepeat,
  eventCategories,
  eventRepeats,
  fieldErrorOf,
  isFilled,
  userPickerAccess,
} from '@ledgerdesk/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateField } from '../../components/DateField';
import { errorMessageOf, isApiError } from '../../lib/api';
import { fieldErrorMessage } from '../../lib/field-messages';
import { fieldErrorsOf } from '../../lib/form-errors';
import { formatDate, formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCan } from '../../lib/permissions';
import { UsersPicker } from '../../resources/pickers';
import { calendarApi, calendarKeys } from './api';
import { CategoryIcon, categoryFill, categoryStyles } from './categories';
import { browserTimeZone, type EventTimes, instantsOf, timesOf } from './dates';

/** A new event's span, from a selected range or the Add button. */
export interface EventDraft {
  start: Date;
  end: Date;
  allDay: boolean;
}

interface EventDialogProps {
  opened: boolean;
  /** The event to show or edit; null with a draft: a new event. */
  eventId: string | null;
  draft: EventDraft | null;
  onClose: () => void;
  /** After a save or a delete: the calendar refreshes. */
  onSaved: () => void;
}

/** The fields of the API the form shows (a server error on another goes to the form's alert). */
const fields = [
  'title',
  'start',
  'end',
  'allDay',
  'category',
  'location',
  'department',
  'url',
  'description',
  'repeat',
  'repeatUntil',
  'timeZone',
  'userIds',
  'groupIds',
] as const;
type Field = (typeof fields)[number];
type Errors = Partial<Record<Field, string>>;

interface FormValues extends EventTimes {
  title: string;
  category: EventCategory;
  location: string;
  department: string;
  url: string;
  description: string;
  repeat: EventRepeat;
  repeatUntil: string | null;
  timeZone: string;
  userIds: string[];
  groupIds: string[];
}

function valuesOfRecord(record: CalendarEventRecord): FormValues {
  return {
    ...timesOf(record.start, record.end, record.allDay, record.timeZone),
    title: record.title,
    category: record.category,
    location: record.location,
    department: record.department,
    url: record.url,
    description: record.description,
    repeat: record.repeat,
    repeatUntil: record.repeatUntil,
    timeZone: record.timeZone,
    userIds: record.users.map((user) => user.id),
    groupIds: record.groups.map((group) => group.id),
  };
}

function valuesOfDraft(draft: EventDraft): FormValues {
  const timeZone = browserTimeZone();
  return {
    ...timesOf(draft.start, draft.end, draft.allDay, timeZone),
    title: '',
    category: 'info',
    location: '',
    department: '',
    url: '',
    description: '',
    repeat: 'none',
    repeatUntil: null,
    timeZone,
    userIds: [],
    groupIds: [],
  };
}

/** The API's input of the form's values, or the fields that are wrong (checked as the server does). */
export function inputOf(values: FormValues): { input: CalendarEventInput } | { errors: Errors } {
  const { allDay, startDate, startTime, endDate, endTime, ...rest } = values;
  const instants = instantsOf({ allDay, startDate, startTime, endDate, endTime }, values.timeZone);
  const candidate = {
    ...rest,
    title: values.title.trim(),
    allDay,
    start: instants?.start ?? '',
    end: instants?.end ?? '',
    repeatUntil: values.repeat === 'none' ? null : values.repeatUntil,
  };
  const checked = calendarEventInput.safeParse(candidate);
  if (checked.success) return { input: candidate };
  const errors: Errors = {};
  for (const issue of checked.error.issues) {
    const name = String(issue.path[0] ?? '') as Field;
    if (!fields.includes(name) || errors[name]) continue;
    const value = (candidate as Record<string, unknown>)[name];
    errors[name] = fieldErrorMessage(fieldErrorOf(issue, isFilled(value)));
  }
  return { errors };
}

/**
 * The event dialog (a Mantine Modal: focus stays inside it): a new event's form, an event's form
 * for its owner holding calendar.manage, or its details for anyone else. Delete asks first (a
 * series: every occurrence).
 */
export function EventDialog({ opened, eventId, draft, onClose, onSaved }: EventDialogProps) {
  const { t } = useTranslation(['calendar', 'common']);
  const can = useCan();
  const record = useQuery({
    queryKey: calendarKeys.event(eventId ?? ''),
    queryFn: ({ signal }) => calendarApi.event(eventId as string, signal),
    enabled: opened && eventId !== null,
  });
  const editable = record.data ? record.data.mayEdit && can('calendar.manage') : true;

  let title = t('dialog.newTitle');
  let body: ReactNode = null;
  if (eventId !== null) {
    if (record.isPending) body = <Skeleton h={320} aria-label={t('loading')} />;
    else if (record.isError)
      body = (
        <Alert color="red" role="alert">
          {errorMessageOf(record.error)}
        </Alert>
      );
    else if (!editable) {
      title = record.data.title;
      body = <EventDetails event={record.data} onClose={onClose} />;
    } else {
      title = t('dialog.editTitle');
      body = (
        <EventForm
          key={`${record.data.id}:${record.data.version}`}
          event={record.data}
          initial={valuesOfRecord(record.data)}
          onClose={onClose}
          onSaved={onSaved}
        />
      );
    }
  } else if (draft) {
    body = (
      <EventForm key="new" event={null} initial={valuesOfDraft(draft)} onClose={onClose} onSaved={onSaved} />
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {body}
    </Modal>
  );
}

function EventForm({
  event,
  initial,
  onClose,
  onSaved,
}: {
  event: CalendarEventRecord | null;
  initial: FormValues;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['calendar', 'common']);
  const can = useCan();
  const client = useQueryClient();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    const field = (
      name === 'startDate' || name === 'startTime' ? 'start' : name.startsWith('end') ? 'end' : name
    ) as Field;
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const mayPickUsers = userPickerAccess.some((permission) => can(permission));
  const mayPickGroups = can('calendar.manage');
  const groups = useQuery({
    queryKey: calendarKeys.shareGroups,
    queryFn: ({ signal }) => calendarApi.shareGroups(signal),
    enabled: mayPickGroups,
    staleTime: 60_000,
  });
  const groupData = [
    ...(groups.data ?? []),
    ...(event?.groups ?? [])
      .filter((group) => !groups.data?.some((option) => option.value === group.id))
      .map((group) => ({ value: group.id, label: group.name })),
  ];

  const save = useMutation({
    mutationFn: (input: CalendarEventInput) =>
      event ? calendarApi.update(event.id, { ...input, version: event.version }) : calendarApi.create(input),
    onSuccess: ({ data }) => {
      client.setQueryData(calendarKeys.event(data.id), data);
      notifySuccess(t(event ? 'toasts.updated' : 'toasts.created', { title: data.title }));
      onSaved();
      onClose();
    },
    onError: (error) => {
      const found = fieldErrorsOf(error, fields);
      setErrors(Object.fromEntries(found));
      const stale = isApiError(error) && error.status === 409;
      setFormError(stale ? t('dialog.stale') : found.length === 0 ? errorMessageOf(error) : null);
      if (stale && event) void client.invalidateQueries({ queryKey: calendarKeys.event(event.id) });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => calendarApi.remove(id),
    onSuccess: () => {
      notifySuccess(t('toasts.deleted', { title: initial.title }));
      setConfirmDelete(false);
      onSaved();
      onClose();
    },
    onError: (error) => {
      setConfirmDelete(false);
      notifyError(errorMessageOf(error), { title: t('toasts.deleteFailed') });
    },
  });

  const submit = (submitted: FormEvent) => {
    submitted.preventDefault();
    setFormError(null);
    const result = inputOf(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.input);
  };

  const otherZone = values.timeZone !== browserTimeZone();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={t('fields.title')}
          required
          data-autofocus
          value={values.title}
          onChange={(change) => set('title', change.currentTarget.value)}
          error={errors.title}
          maxLength={200}
        />
        <Switch
          label={t('fields.allDay')}
          checked={values.allDay}
          onChange={(change) => set('allDay', change.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <DateField
              label={t('fields.start')}
              required
              clearable={false}
              value={values.startDate}
              onChange={(day) => set('startDate', day ?? '')}
              error={errors.start}
              style={{ flex: 1 }}
            />
            {values.allDay ? null : (
              <TextInput
                type="time"
                label={t('fields.startTime')}
                required
                value={values.startTime}
                onChange={(change) => set('startTime', change.currentTarget.value)}
                w={130}
              />
            )}
          </Group>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <DateField
              label={values.allDay ? t('fields.lastDay') : t('fields.end')}
              required
              clearable={false}
              value={values.endDate}
              onChange={(day) => set('endDate', day ?? '')}
              error={errors.end}
              style={{ flex: 1 }}
            />
            {values.allDay ? null : (
              <TextInput
                type="time"
                label={t('fields.endTime')}
                required
                value={values.endTime}
                onChange={(change) => set('endTime', change.currentTarget.value)}
                w={130}
              />
            )}
          </Group>
        </SimpleGrid>
        {otherZone ? (
          <Text size="xs" c="dimmed">
            {t('dialog.timeZone', { zone: values.timeZone })}
          </Text>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('fields.category')}
            data={eventCategories.map((name) => ({ value: name, label: t(`categories.${name}`) }))}
            value={values.category}
            onChange={(value) => value && set('category', value as EventCategory)}
            allowDeselect={false}
            leftSection={<CategoryIcon category={values.category} />}
            renderOption={({ option }) => (
              <Group gap="xs" wrap="nowrap">
                <span
                  style={{
                    width: 12,
                    height: 12,
                    borderRadius: 3,
                    background: categoryFill(option.value as EventCategory),
                  }}
                  aria-hidden="true"
                />
                <CategoryIcon category={option.value as EventCategory} />
                <span>{option.label}</span>
              </Group>
            )}
            error={errors.category}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('fields.location')}
            value={values.location}
            onChange={(change) => set('location', change.currentTarget.value)}
            error={errors.location}
            maxLength={200}
          />
          <TextInput
            label={t('fields.department')}
            value={values.department}
            onChange={(change) => set('department', change.currentTarget.value)}
            error={errors.department}
            maxLength={100}
          />
          <TextInput
            label={t('fields.url')}
            type="url"
            placeholder="https://"
            value={values.url}
            onChange={(change) => set('url', change.currentTarget.value)}
            error={errors.url}
          />
        </SimpleGrid>
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={2}
          maxRows={6}
          value={values.description}
          onChange={(change) => set('description', change.currentTarget.value)}
          error={errors.description}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('fields.repeat')}
            data={eventRepeats.map((name) => ({ value: name, label: t(`repeats.${name}`) }))}
            value={values.repeat}
            onChange={(value) => value && set('repeat', value as EventRepeat)}
            allowDeselect={false}
            error={errors.repeat}
            comboboxProps={{ withinPortal: true }}
          />
          {values.repeat === 'none' ? null : (
            <DateField
              label={t('fields.repeatUntil')}
              required
              value={values.repeatUntil}
              onChange={(day) => set('repeatUntil', day)}
              minDate={values.startDate || undefined}
              error={errors.repeatUntil}
            />
          )}
        </SimpleGrid>
        {mayPickUsers ? (
          <UsersPicker
            label={t('fields.users')}
            value={values.userIds}
            onChange={(ids) => set('userIds', ids)}
            error={errors.userIds}
          />
        ) : (
          <Invitees label={t('fields.users')} names={(event?.users ?? []).map((user) => user.name)} />
        )}
        {mayPickGroups ? (
          <MultiSelect
            label={t('fields.groups')}
            data={groupData}
            value={values.groupIds}
            onChange={(ids) => set('groupIds', ids)}
            searchable
            clearable
            error={errors.groupIds}
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Invitees label={t('fields.groups')} names={(event?.groups ?? []).map((group) => group.name)} />
        )}
        <Group justify="space-between" mt="sm">
          {event ? (
            <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
              {t('dialog.delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {event ? t('common:actions.saveChanges') : t('dialog.create')}
            </Button>
          </Group>
        </Group>
      </Stack>
      {event ? (
        <ConfirmDialog
          opened={confirmDelete}
          title={t('dialog.deleteTitle')}
          confirmLabel={t('dialog.delete')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(event.id)}
          onClose={() => setConfirmDelete(false)}
        >
          {event.repeat === 'none'
            ? t('dialog.deleteQuestion', { title: event.title })
            : t('dialog.deleteSeriesQuestion', { title: event.title })}
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

/** Invitees the user may not change here (no access to the user or group pickers). */
function Invitees({ label, names }: { label: string; names: string[] }) {
  const { t } = useTranslation('calendar');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      {names.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('details.nobody')}
        </Text>
      ) : (
        <Group gap={6}>
          {names.map((name) => (
            <Badge key={name} variant="light" color="gray">
              {name}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** An event the user may not change: what, when, where, whose and who is invited. */
function EventDetails({ event, onClose }: { event: CalendarEventRecord; onClose: () => void }) {
  const { t } = useTranslation(['calendar', 'common']);
  const times = timesOf(event.start, event.end, event.allDay, event.timeZone);
  const when = event.allDay
    ? times.startDate === times.endDate
      ? formatDate(times.startDate)
      : `${formatDate(times.startDate)} – ${formatDate(times.endDate)}`
    : `${formatDateTime(event.start)} – ${formatDateTime(event.end)}`;
  const row = (label: string, value: ReactNode) => (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </div>
  );
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Badge
          variant="light"
          color={categoryStyles[event.category].color}
          leftSection={<CategoryIcon category={event.category} size={12} />}
        >
          {t(`categories.${event.category}`)}
        </Badge>
        {event.repeat !== 'none' ? (
          <Badge variant="outline" color="gray">
            {t(`repeats.${event.repeat}`)}
            {event.repeatUntil ? ` · ${t('details.until', { date: formatDate(event.repeatUntil) })}` : ''}
          </Badge>
        ) : null}
      </Group>
      {row(t('details.when'), event.allDay ? `${when} · ${t('event.allDay')}` : when)}
      {event.location ? row(t('fields.location'), event.location) : null}
      {event.department ? row(t('fields.department'), event.department) : null}
      {event.url
        ? row(
            t('fields.url'),
            <Anchor href={event.url} target="_blank" rel="noreferrer noopener">
              {event.url}
            </Anchor>,
          )
        : null}
      {event.description
        ? row(
            t('fields.description'),
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {event.description}
            </Text>,
          )
        : null}
      {row(t('details.owner'), event.owner.name)}
      <Invitees label={t('fields.users')} names={event.users.map((user) => user.name)} />
      <Invitees label={t('fields.groups')} names={event.groups.map((group) => group.name)} />
      <Text size="xs" c="dimmed">
        {t('details.readOnly')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('common:actions.close')}
        </Button>
      </Group>
    </Stack>
  );
}
