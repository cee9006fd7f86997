import type { PlanRecord, PlanTableRecord } from '@ledgerdesk/contracts';
import {
  Button,
  Center,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { api, errorMessageOf } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePageTitle } from '../../lib/page-title';
import { useCan } from '../../lib/permissions';
import { queryKeys } from '../../lib/query-keys';
import { useResourceList } from '../../resources/api';
import { useResourceDialogs } from '../../resources/ResourceDialogs';
import { allInOrder, officePlanApi, plans, planTables } from './definitions';
import { FaqList } from './FaqList';
import { type Billing, PlanCard } from './PlanCard';
import { PlanFeaturesInput } from './PlanFeaturesInput';

/**
 * `/pricing`: the plan tables (SPEC §9's rates) as rows of cards with a monthly/yearly switch, the
 * office's current plan marked, and the FAQs. Those who manage plans edit plans and FAQs in dialogs
 * and choose the current plan with a card's button.
 */
function PricingPage() {
  const { t } = useTranslation(['pricing', 'common']);
  usePageTitle(t('title'));
  const can = useCan();
  const mayManage = can('plans.manage');
  const [billing, setBilling] = useState<Billing>('monthly');
  const tableList = useResourceList<PlanTableRecord>(planTables, allInOrder);
  const planList = useResourceList<PlanRecord>(plans, allInOrder);
  const dialogs = useResourceDialogs(plans, {
    titleOf: (editing) => (editing === 'new' ? t('newTitle') : t('editTitle', { name: editing.name })),
    newValues: () => ({ ...plans.emptyValues, tableId: tables[0]?.id ?? '' }),
    formChildren: <PlanFeaturesInput />,
    childFields: ['features'],
  });

  const client = useQueryClient();
  const choose = useMutation({
    mutationFn: (planId: string) => api.put<{ successMessage: string }>(officePlanApi, { planId }),
    onSuccess: ({ successMessage }) => {
      notifySuccess(successMessage);
      void client.invalidateQueries({ queryKey: queryKeys.all(plans.api) });
    },
    onError: (error) => notifyError(errorMessageOf(error), { title: t('chooseFailed') }),
  });

  const loading = !tableList.data || !planList.data;
  const tables = tableList.data?.results ?? [];
  const allPlans = planList.data?.results ?? [];

  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          mayManage ? (
            <Button leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => dialogs.create()}>
              {t('add')}
            </Button>
          ) : null
        }
      />
      <Stack gap="xl">
        <Stack align="center" gap="xs" ta="center">
          <Title order={2}>{t('headline')}</Title>
          <Text c="dimmed" maw={560}>
            {t('intro')}
          </Text>
          <SegmentedControl
            mt="xs"
            aria-label={t('billing.label')}
            value={billing}
            onChange={(value) => setBilling(value as Billing)}
            data={[
              { value: 'monthly', label: t('billing.monthly') },
              { value: 'yearly', label: t('billing.yearly') },
            ]}
          />
        </Stack>
        {loading ? (
          <Skeleton h={420} radius="md" />
        ) : tables.length === 0 ? (
          <Center>
            <Text c="dimmed">{t('noPlans')}</Text>
          </Center>
        ) : (
          tables.map((table) => {
            const shown = allPlans.filter((plan) => plan.table.id === table.id);
            return (
              <section key={table.id} aria-labelledby={`table-${table.id}`}>
                <Group justify="space-between" align="flex-end" mb="md">
                  <div>
                    <Title order={2} fz="h3" id={`table-${table.id}`}>
                      {table.title}
                    </Title>
                    {table.description ? <Text c="dimmed">{table.description}</Text> : null}
                  </div>
                </Group>
                {shown.length === 0 ? (
                  <Text c="dimmed">{t('noPlansInTable')}</Text>
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg" verticalSpacing="xl" pt="xs">
                    {shown.map((plan) => (
                      <PlanCard
                        key={plan.id}
                        plan={plan}
                        billing={billing}
                        mayManage={mayManage}
                        choosing={choose.isPending && choose.variables === plan.id}
                        onChoose={() => choose.mutate(plan.id)}
                        onEdit={() => dialogs.edit(plan)}
                        onDelete={() => dialogs.remove(plan)}
                      />
                    ))}
                  </SimpleGrid>
                )}
              </section>
            );
          })
        )}
        <FaqList mayManage={mayManage} />
      </Stack>
      {dialogs.dialogs}
    </>
  );
}

export { PricingPage as Component };
