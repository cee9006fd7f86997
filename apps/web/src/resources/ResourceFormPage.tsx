import { Alert, Skeleton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { errorMessageOf } from '../lib/api';
import { usePageTitle } from '../lib/page-title';
import type { Versioned } from '../lib/stale-record';
import { useResourceMutations, useResourceRecord } from './api';
import { ResourceForm } from './ResourceForm';
import type { ResourceDefinition } from './types';

/**
 * `<route>/new` and `<route>/:id/edit`: the resource's form on a page of its own. After saving it
 * goes to the record's detail page; Cancel goes back where the user came from.
 */
export function ResourceFormPage<Rec, Values>({
  def,
  children,
  childFields,
  afterSave,
}: {
  def: ResourceDefinition<Rec, Values>;
  /** More inputs inside the form (see ResourceForm's `children` and `childFields`). */
  children?: ReactNode;
  childFields?: readonly string[];
  /** Work on the saved record before leaving the form (a new product's pictures are uploaded). */
  afterSave?: (saved: Rec) => Promise<void>;
}) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { t } = useTranslation([def.ns, 'common']);
  const record = useResourceRecord(def, id);
  const { create, update } = useResourceMutations(def);
  const editing = Boolean(id);
  const entity = t('one');
  const name = record.data ? def.titleOf(record.data) : undefined;
  const title = editing
    ? t('common:resource.editTitle', { entity, name: name ?? '' })
    : t(['newTitle', 'common:resource.newTitle'], { entity });
  usePageTitle(title);

  let body: ReactNode;
  if (editing && record.isPending) body = <Skeleton h={320} radius="md" />;
  else if (editing && record.isError) {
    body = (
      <Alert color="red" role="alert">
        {errorMessageOf(record.error)}
      </Alert>
    );
  } else {
    body = (
      <ResourceForm
        def={def}
        initialValues={
          editing && record.data
            ? ({
                ...def.toInput(record.data),
                version: (record.data as Partial<Versioned>).version,
              } as Values)
            : def.emptyValues
        }
        submitLabel={editing ? t('common:resource.save') : t(['add', 'common:resource.add'], { entity })}
        onCancel={() => navigate(-1)}
        childFields={childFields}
        onSubmit={async (values) => {
          const saved =
            editing && id
              ? await update.mutateAsync({ key: id, values, showsStale: true })
              : await create.mutateAsync(values);
          await afterSave?.(saved.data);
          navigate(`${def.route}/${def.keyOf(saved.data)}`, { replace: true });
        }}
      >
        {children}
      </ResourceForm>
    );
  }

  return (
    <>
      <PageHeader title={title} record={name} />
      {body}
    </>
  );
}
