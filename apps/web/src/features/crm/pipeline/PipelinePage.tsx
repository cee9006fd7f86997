import {
  type DealPipelineResponse,
  type DealRecord,
  type DealStage,
  dealStages,
  fromScaled,
  toScaled,
} from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Group,
  Menu,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { SearchInput } from '../../../components/SearchInput';
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
const DRAG_TYPE = 'application/x-ledgerdesk-deal';

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
 * and total, and deal cards. A deal moves to another stage by dragging its card to the column, or
 * from the card's menu (the keyboard's way); either is a PATCH of its stage.
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
  const [dropTarget, setDropTarget] = useState<DealStage | null>(null);

  const stageLabel = (stage: string) => valueLabel(t, 'stage', stage);
  const move = (deal: DealRecord, stage: DealStage) => {
    if (deal.stage === stage) return;
    const key = pipelineKey(search);
    client.setQueryData<DealPipelineResponse>(key, (current) =>
      current ? moved(current, deal, stage) : current,
    );
    update.mutate(
      { key: deal._id, values: { stage, version: deal.version } },
      { onSettled: () => client.invalidateQueries({ queryKey: key }) },
    );
  };
  const findDeal = (id: string) =>
    board.data?.stages.flatMap((column) => column.deals).find((deal) => deal._id === id);
  const onDrop = (stage: DealStage) => (event: DragEvent) => {
    event.preventDefault();
    setDropTarget(null);
    const deal = findDeal(event.dataTransfer.getData(DRAG_TYPE));
    if (deal) move(deal, stage);
  };

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
      <ScrollArea type="auto" offsetScrollbars>
        <Group align="flex-start" wrap="nowrap" gap="md" pb="sm">
          {dealStages.map((stage) => {
            const column = board.data?.stages.find((candidate) => candidate.stage === stage);
            const hidden = column ? column.count - column.deals.length : 0;
            return (
              <Paper
                key={stage}
                component="section"
                aria-labelledby={`stage-${stage.replaceAll(' ', '-')}`}
                withBorder
                radius="md"
                p="sm"
                w={280}
                miw={280}
                bg={
                  dropTarget === stage
                    ? 'var(--mantine-color-blue-light)'
                    : 'var(--mantine-color-default-hover)'
                }
                onDragOver={(event) => {
                  if (!mayManage || !event.dataTransfer.types.includes(DRAG_TYPE)) return;
                  event.preventDefault();
                  setDropTarget(stage);
                }}
                onDragLeave={() => setDropTarget((current) => (current === stage ? null : current))}
                onDrop={onDrop(stage)}
              >
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Title order={2} size="h5" id={`stage-${stage.replaceAll(' ', '-')}`}>
                    {stageLabel(stage)}
                  </Title>
                  <Badge
                    color={dealStageColors[stage]}
                    variant="light"
                    aria-label={t('pipeline.dealCount', { count: column?.count ?? 0 })}
                  >
                    {column?.count ?? 0}
                  </Badge>
                </Group>
                <Text size="sm" fw={600} mb="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {column ? (
                    formatMoney(column.total)
                  ) : (
                    <Skeleton h={16} w={100} component="span" display="block" />
                  )}
                </Text>
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {board.isPending
                    ? [1, 2].map((n) => <Skeleton key={n} h={96} radius="md" />)
                    : column?.deals.map((deal) => (
                        <DealCard
                          key={deal._id}
                          deal={deal}
                          mayManage={mayManage}
                          stageLabel={stageLabel}
                          onMove={(to) => move(deal, to)}
                        />
                      ))}
                </Stack>
                {column && column.count === 0 ? (
                  <Text size="sm" c="dimmed" ta="center" py="md">
                    {t('pipeline.empty')}
                  </Text>
                ) : null}
                {hidden > 0 ? (
                  <Anchor
                    component={Link}
                    to={`/apps/crm/deals?stage=${encodeURIComponent(stage)}${search ? `&search=${encodeURIComponent(search)}` : ''}`}
                    size="sm"
                    display="block"
                    mt="sm"
                  >
                    {t('pipeline.more', { count: hidden })}
                  </Anchor>
                ) : null}
              </Paper>
            );
          })}
        </Group>
      </ScrollArea>
    </>
  );
}

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
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      shadow="xs"
      draggable={mayManage}
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAG_TYPE, deal._id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      style={mayManage ? { cursor: 'grab' } : undefined}
      aria-label={deal.dealName}
    >
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
        <Badge size="xs" variant="light" color={dealStatusColors[deal.status]} tt="none">
          {t(`crm/deals:values.status.${deal.status}`)}
        </Badge>
      </Group>
    </Paper>
  );
}

export { PipelinePage as Component };
