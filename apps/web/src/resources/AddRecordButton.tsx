import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../lib/permissions';
import type { ResourceDefinition } from './types';

/**
 * "Add <one>" ("Ajouter une facture": the area's own `add` text, as French needs the article of its
 * noun; else "Add {{entity}}"), to the resource's new-record form; nothing for those without
 * `<area>.manage`.
 */
export function AddRecordButton<Rec, Values>({ def }: { def: ResourceDefinition<Rec, Values> }) {
  const { t } = useTranslation([def.ns, 'common']);
  const can = useCan();
  if (!can(`${def.area}.manage`)) return null;
  return (
    <Button component={Link} to={`${def.route}/new`} leftSection={<IconPlus size={18} aria-hidden="true" />}>
      {t(['add', 'common:resource.add'], { entity: t('one') })}
    </Button>
  );
}
