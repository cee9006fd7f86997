import { type AuditEntry, MAX_PAGE_SIZE } from '@ledgerdesk/contracts';
import { Button, Paper, Skeleton, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessageOf } from '../lib/api';
import { formatDateTime, formatRelative } from '../lib/format';
import { queryKeys } from '../lib/query-keys';
import type { AnyResource } from './types';

type Page = { count: number; results: AuditEntry[] };
const PAGE_SIZE = 10;
/** Actions the catalogue names; an area's own action reads "changed". */
const KNOWN_ACTIONS = new Set(['create', 'update', 'delete']);

/**
 * The record's audit entries, newest first (`GET <api>/<key>/activity`, for whoever may view the
 * record): who did what and when, and which fields changed. Under the resource's query key, so a
 * change to the record refreshes it.
 */
export function RecordActivity({
  def,
  recordKey,
}: {
  def: Pick<AnyResource, 'ns' | 'api'>;
  recordKey: string;
}) {
  const { t, i18n } = useTranslation([def.ns, 'common']);
  const [shown, setShown] = useState(PAGE_SIZE);
  const activity = useQuery({
    queryKey: [...queryKeys.all(def.api), 'activity', recordKey, shown],
    queryFn: ({ signal }) =>
      api.get<Page>(`${def.api}/${recordKey}/activity`, { query: { page: 1, pageSize: shown }, signal }),
    placeholderData: keepPreviousData,
  });
  // Only the fields the area's catalogue names (not its version or timestamps).
  const changedFields = (entry: AuditEntry) =>
    Object.keys(entry.after ?? entry.before ?? {})
      .filter((field) => i18n.exists(`${def.ns}:fields.${field}`))
      .map((field) => t(`fields.${field}`));

  if (activity.isPending) return <Skeleton h={160} />;
  if (activity.isError)
    return (
      <Text c="red" role="alert">
        {errorMessageOf(activity.error)}
      </Text>
    );
  const { results, count } = activity.data;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={2} size="h4" mb="md">
        {t('common:detail.history')}
      </Title>
      {results.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('common:detail.noActivity')}
        </Text>
      ) : (
        <Timeline bulletSize={24} lineWidth={2}>
          {results.map((entry) => {
            const fields = entry.action === 'update' ? changedFields(entry) : [];
            const action = KNOWN_ACTIONS.has(entry.action) ? entry.action : 'other';
            return (
              <Timeline.Item
                key={entry.id}
                bullet={<IconHistory size={14} aria-hidden="true" />}
                title={t(`common:detail.actions.${action}`, { actor: entry.actorLabel })}
              >
                {fields.length > 0 ? (
                  <Text size="sm">{t('common:detail.changedFields', { fields: fields.join(', ') })}</Text>
                ) : null}
                <Text size="xs" c="dimmed" mt={4}>
                  <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                    {formatRelative(entry.at)}
                  </time>
                </Text>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
      {count > results.length && shown < MAX_PAGE_SIZE ? (
        <Button
          variant="subtle"
          mt="md"
          loading={activity.isFetching}
          onClick={() => setShown(Math.min(shown + PAGE_SIZE, MAX_PAGE_SIZE))}
        >
          {t('common:detail.moreActivity')}
        </Button>
      ) : null}
    </Paper>
  );
}
