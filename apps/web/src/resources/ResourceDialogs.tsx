import { Modal } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../components/ConfirmDialog';
import { useResourceMutations } from './api';
import { ResourceForm } from './ResourceForm';
import type { ResourceDefinition } from './types';

interface ResourceDialogsOptions<Rec, Values> {
  /** The modal's title: for a new record, or for this one. */
  titleOf: (editing: Rec | 'new') => string;
  /** The values a new record starts from (the definition's empty values by default). */
  newValues?: () => Values;
  /** More inputs below the definition's fields, and the fields they edit (see ResourceForm). */
  formChildren?: ReactNode;
  childFields?: readonly string[];
}

/**
 * Add, edit and delete for a resource shown by a page of its own (cards, an accordion, a
 * timeline) rather than by the engine's list page: the form in a modal, and Delete behind the
 * engine's confirmation, with the engine's toasts. Render `dialogs` once; open them with
 * `create()`, `edit(record)` and `remove(record)`.
 */
export function useResourceDialogs<Rec, Values>(
  def: ResourceDefinition<Rec, Values>,
  { titleOf, newValues, formChildren, childFields }: ResourceDialogsOptions<Rec, Values>,
) {
  const { t } = useTranslation([def.ns, 'common']);
  const mutations = useResourceMutations(def);
  const [editing, setEditing] = useState<Rec | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Rec | null>(null);
  const close = () => setEditing(null);

  const dialogs = (
    <>
      <Modal opened={editing !== null} onClose={close} title={editing ? titleOf(editing) : ''} size="lg">
        {editing !== null ? (
          <ResourceForm
            def={def}
            initialValues={editing === 'new' ? (newValues?.() ?? def.emptyValues) : def.toInput(editing)}
            submitLabel={t('common:resource.save')}
            onCancel={close}
            childFields={childFields}
            onSubmit={async (values) => {
              if (editing === 'new') await mutations.create.mutateAsync(values);
              else await mutations.update.mutateAsync({ key: def.keyOf(editing), values, showsStale: true });
              close();
            }}
          >
            {formChildren}
          </ResourceForm>
        ) : null}
      </Modal>
      <ConfirmDelete
        record={toDelete}
        entity={t('one')}
        nameOf={def.titleOf}
        pending={mutations.remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={(record) =>
          mutations.remove.mutate(def.keyOf(record), { onSettled: () => setToDelete(null) })
        }
      />
    </>
  );
  return {
    dialogs,
    create: () => setEditing('new'),
    edit: (record: Rec) => setEditing(record),
    remove: (record: Rec) => setToDelete(record),
  };
}
