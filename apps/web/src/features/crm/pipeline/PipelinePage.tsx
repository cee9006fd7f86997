import {
  type DealPipelineResponse,
  type DealRecord,
  type DealStage,
  dealStages,
  fromScaled,
  toScaled,
} from '@ledgerdesk/contracts';
import { ActionIcon, Alert, Anchor, Box, Group, Menu, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Board, type BoardColumn, type BoardMove } from '../../../components/board';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
import { StatusBadge } from '../../../components/StatusBadge';
import { api, errorMessageOf } from '../../../lib/api';
import { formatDate, formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useCan } from '../../../lib/permissions';
import { queryKeys } from '../../../lib/query-keys';
import { AddRecordButton } from '../../../resources/AddRecordButton';
import { useResourceMutations } from '../../../resources/api';
import { valueLabel } from '../../../resources/ResourceForm';
import { CrmTabs } from '../CrmTabs';
import { dealStageColors, dealStatusColors, deals } from '../deals/resource';

/** Cards shown per stage; the column's count and total always cover all of its deals. */
const CARDS_PER_STAGE = 20;
/** Under the deals' query-key root: a change to a deal anywhere marks the board stale too. */
const pipelineKey = (search: string) => [...queryKeys.all(deals.api), 'pipeline', search] as const;

const addMoney = (a: string, b: string) => fromScaled(toScaled(a, 2) + toScaled(b, 2), 2);
const subtractMoney = (a: string, b: string) => fromScaled(toScaled(a, 2) - toScaled(b, 2), 2);

/** The board with the deal moved to `stage` at once (counts and totals in exact decimals). */
function moved(board: DealPipelineResponse, deal: DealRecord, stage: DealStage): DealPipelineResponse {
  return {
    ...board,
    stages: board.stages.map((column) => {
      if (column.stage === deal.stage) {
        return {
          ...column,
          count: column.count - 1,
          total: subtractMoney(column.total, deal.amount),
          deals: column.deals.filter((card) => card._id !== deal._id),
        };
      }
      if (column.stage === stage) {
        return {
          ...column,
          count: column.count + 1,
          total: addMoney(column.total, deal.amount),
          deals: [...column.deals, { ...deal, stage }].sort((a, b) => a.closeDate.localeCompare(b.closeDate)),
        };
      }
      return column;
    }),
  };
}

/**
 * The deal pipeline (SPEC §3 "CRM pipeline stage"): SPEC's stages as columns with their deal count
 * and total, and deal cards. A deal moves to another stage by dragging its card (mouse, touch, or its
 * handle by keyboard) or from the card's menu; either is a PATCH of its stage. A stage keeps its deals
 * ordered by close date (the pipeline has no rank): the board is not reorderable, a drop back in the
 * deal's own stage changes nothing.
 */
export function PipelinePage() {
  const { t } = useTranslation(['crm', 'crm/deals', 'common']);
  const title = t('pipeline.title');
  usePageTitle(title);
  const can = useCan();
  const mayManage = can('crm.manage');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const client = useQueryClient();
  const board = useQuery({
    queryKey: pipelineKey(search),
    queryFn: ({ signal }) =>
      api.get<DealPipelineResponse>('/deals/pipeline', {
        query: { cards: CARDS_PER_STAGE, ...(search ? { search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const { update } = useResourceMutations(deals);
  const { mutate } = update;

  const stageLabel = useCallback((stage: string) => valueLabel(t, 'stage', stage), [t]);
  const move = useCallback(
    (deal: DealRecord, stage: DealStage) => {
      if (deal.stage === stage) return;
      const key = pipelineKey(search);
      client.setQueryData<DealPipelineResponse>(key, (current) =>
        current ? moved(current, deal, stage) : current,
      );
      mutate(
        { key: deal._id, values: { stage, version: deal.version } },
        { onSettled: () => client.invalidateQueries({ queryKey: key }) },
      );
    },
    [client, mutate, search],
  );

  const columns = useMemo<BoardColumn<DealRecord>[]>(
    () =>
      dealStages.map((stage) => {
        const column = board.data?.stages.find((candidate) => candidate.stage === stage);
        const hidden = column ? column.count - column.deals.length : 0;
        return {
          id: stage,
          label: stageLabel(stage),
          cards: column?.deals ?? [],
          header: (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {column ? (
                  formatMoney(column.total)
                ) : (
                  <Skeleton h={16} w={80} component="span" display="block" />
                )}
              </Text>
              <StatusBadge color={dealStageColors[stage]}>
                <span aria-hidden="true">{column?.count ?? 0}</span>
                <VisuallyHidden>{t('pipeline.dealCount', { count: column?.count ?? 0 })}</VisuallyHidden>
              </StatusBadge>
            </Group>
          ),
          empty: column ? t('pipeline.empty') : <Skeleton h={96} radius="md" />,
          footer:
            hidden > 0 ? (
              <Anchor
                component={Link}
                to={`/apps/crm/deals?stage=${encodeURIComponent(stage)}${search ? `&search=${encodeURIComponent(search)}` : ''}`}
                size="sm"
              >
                {t('pipeline.more', { count: hidden })}
              </Anchor>
            ) : undefined,
        };
      }),
    [board.data, search, stageLabel, t],
  );
  const onMove = useCallback(
    ({ cardId, toColumnId }: BoardMove) => {
      const deal = board.data?.stages.flatMap((column) => column.deals).find((card) => card._id === cardId);
      const stage = dealStages.find((candidate) => candidate === toColumnId);
      if (deal && stage) move(deal, stage);
    },
    [board.data, move],
  );
  const renderCard = useCallback(
    (deal: DealRecord) => (
      <DealCard deal={deal} mayManage={mayManage} stageLabel={stageLabel} onMove={(to) => move(deal, to)} />
    ),
    [mayManage, stageLabel, move],
  );

  return (
    <>
      <PageHeader title={title} actions={<AddRecordButton def={deals} />} />
      <CrmTabs />
      <Group justify="space-between" align="flex-end" mb="md">
        <Box w={{ base: '100%', sm: 320 }}>
          <SearchInput
            value={search}
            onChange={(value) =>
              setParams(
                (next) => {
                  if (value) next.set('search', value);
                  else next.delete('search');
                  return next;
                },
                { replace: true },
              )
            }
          />
        </Box>
        {board.data ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('pipeline.summary', { count: board.data.count, total: formatMoney(board.data.total) })}
          </Text>
        ) : null}
      </Group>
      {board.isError ? (
        <Alert color="red" role="alert" title={title}>
          {errorMessageOf(board.error)}
        </Alert>
      ) : null}
      <Board
        ariaLabel={title}
        columns={columns}
        cardKey={dealKey}
        cardLabel={dealLabel}
        renderCard={renderCard}
        onMove={mayManage ? onMove : undefined}
        reorderable={false}
      />
    </>
  );
}

const dealKey = (deal: DealRecord) => deal._id;
const dealLabel = (deal: DealRecord) => deal.dealName;

interface DealCardProps {
  deal: DealRecord;
  mayManage: boolean;
  stageLabel: (stage: string) => string;
  onMove: (stage: DealStage) => void;
}

/** A deal on the board: its name, amount, close date, company or contact, rep and status. */
function DealCard({ deal, mayManage, stageLabel, onMove }: DealCardProps) {
  const { t } = useTranslation(['crm', 'crm/deals']);
  const subTitle = deal.company?.name ?? deal.contact?.name;
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Anchor component={Link} to={`/apps/crm/deals/${deal._id}`} size="sm" fw={600} lineClamp={2}>
          {deal.dealName}
        </Anchor>
        {mayManage ? (
          <Menu position="bottom-end" withinPortal shadow="md">
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('pipeline.moveDeal', { name: deal.dealName })}
              >
                <IconDots size={16} aria-hidden="true" />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{t('pipeline.moveTo')}</Menu.Label>
              {dealStages
                .filter((stage) => stage !== deal.stage)
                .map((stage) => (
                  <Menu.Item key={stage} onClick={() => onMove(stage)}>
                    {stageLabel(stage)}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      {subTitle ? (
        <Text size="xs" c="dimmed" mt={2}>
          {subTitle}
        </Text>
      ) : null}
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMoney(deal.amount)}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={deal.closeDate}>
          {formatDate(deal.closeDate)}
        </Text>
      </Group>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          {deal.salesRep?.name ?? t('pipeline.noRep')}
        </Text>
        <StatusBadge color={dealStatusColors[deal.status]}>
          {t(`crm/deals:values.status.${deal.status}`)}
        </StatusBadge>
      </Group>
    </>
  );
}

export { PipelinePage as Component };
