import { type ApiKeyRecord, type ApiKeyUpdate, apiKeyCreate, apiKeyStatuses } from '@ledgerdesk/contracts';
import { Badge, Code, Group } from '@mantine/core';
import type { TFunction } from 'i18next';
import { dateCell, statusBadge } from '../../resources/cells';
import type { ResourceDefinition } from '../../resources/types';
import { apiKeysPage } from './area';

export const statusColors = { Active: 'teal', Disable: 'gray' };

/** A key's state: its status, and "Expired" once past its expiry date. */
export function keyStatus(key: ApiKeyRecord, t: TFunction) {
  return (
    <Group gap={6} wrap="nowrap">
      {statusBadge('status', statusColors)(key, t)}
      {key.expired ? (
        <Badge color="red" variant="light" tt="none">
          {t('expired')}
        </Badge>
      ) : null}
    </Group>
  );
}

/**
 * API keys (SPEC §3: name, createBy, apikey, status, create_date, expiry_date). The list, creation
 * (the secret is shown once) and changes are the hand-written `ApiKeysPage`; the definition gives it
 * the engine's list and mutation hooks, and the detail page.
 */
export const apiKeys: ResourceDefinition<ApiKeyRecord, ApiKeyUpdate> = {
  ns: 'api-keys',
  api: '/apps/api-key',
  route: apiKeysPage.path,
  area: 'apiKeys',
  keyOf: (key) => key.id,
  titleOf: (key) => key.name,
  columns: [
    { id: 'name', sortable: true },
    { id: 'apikey', cell: (key) => <Code>{key.apikey}</Code> },
    { id: 'status', sortable: true, cell: keyStatus },
    { id: 'createBy' },
    { id: 'createDate', sortable: true, cell: dateCell('createDate') },
    { id: 'expiryDate', sortable: true, cell: dateCell('expiryDate') },
    { id: 'lastUsedAt', sortable: true, cell: dateCell('lastUsedAt') },
  ],
  filters: [{ name: 'status', options: apiKeyStatuses }],
  input: apiKeyCreate,
  fields: [
    { name: 'name', kind: 'text', required: true },
    { name: 'expiryDate', kind: 'date' },
  ],
  emptyValues: { name: '', expiryDate: null },
  toInput: (key) => ({ name: key.name, expiryDate: key.expiryDate }),
};
