import type { PlanFeature, PlanRecord } from '@ledgerdesk/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  List,
  Menu,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconDots, IconPencil, IconX } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DeleteMenuItem } from '../../resources/ResourceTable';
import { formatPrice, savingOf } from './price';
import classes from './pricing.module.css';

export type Billing = 'monthly' | 'yearly';

/** "3 projects", "Unlimited storage", "24/7 support". */
function featureLabel(feature: PlanFeature, t: TFunction) {
  return feature.limit === null
    ? t(`features.${feature.name}.unlimited`)
    : t(`features.${feature.name}.amount`, { count: feature.limit });
}

interface PlanCardProps {
  plan: PlanRecord;
  billing: Billing;
  /** Managers edit, delete and choose plans; others read. */
  mayManage: boolean;
  choosing: boolean;
  onChoose: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One plan: its price for the billing chosen, what it includes (check or cross) and its button. */
export function PlanCard({ plan, billing, mayManage, choosing, onChoose, onEdit, onDelete }: PlanCardProps) {
  const { t } = useTranslation(['pricing', 'common']);
  const yearly = billing === 'yearly';
  const titleId = `plan-${plan.id}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      data-current={plan.current || undefined}
      data-ribbon={plan.ribbon || undefined}
    >
      {plan.current ? (
        <Badge className={classes.currentBadge} variant="filled" radius="sm">
          {t('yourPlan')}
        </Badge>
      ) : null}
      {plan.ribbon ? (
        <Badge className={classes.ribbon} color="orange" c="black" variant="filled" radius="sm">
          {t('ribbon')}
        </Badge>
      ) : null}
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} id={titleId} fz="h4">
              {plan.name}
            </Title>
            <Text size="sm" c="dimmed" lineClamp={2} className={classes.description}>
              {plan.description}
            </Text>
          </div>
          {mayManage ? (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('actions.planMenu', { name: plan.name })}
                >
                  <IconDots size={18} aria-hidden="true" />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={onEdit}>
                  {t('actions.edit')}
                </Menu.Item>
                <DeleteMenuItem onClick={onDelete} />
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </Group>
        <div>
          {/* The struck-through price and the saving, on their own line (kept in monthly view, empty,
              so that the cards do not jump when the switch turns). */}
          <Group gap="xs" h={22} wrap="nowrap">
            {yearly && plan.delrateYear ? (
              <>
                <Text component="del" td="line-through" c="dimmed" size="sm">
                  <VisuallyHidden>{t('wasPrice')}</VisuallyHidden>
                  {formatPrice(plan.delrateYear)}
                </Text>
                <Badge color="teal.9" variant="filled" size="sm">
                  {t('save', { percent: savingOf(plan.rateYear, plan.delrateYear) })}
                </Badge>
              </>
            ) : null}
          </Group>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text component="span" className={classes.price} data-testid="plan-price">
              {formatPrice(yearly ? plan.rateYear : plan.rate)}
            </Text>
            <Text component="span" c="dimmed" size="sm">
              {yearly ? t('perYear') : t('perMonth')}
            </Text>
          </Group>
        </div>
        <List spacing="xs" size="sm" center className={classes.features}>
          {plan.features.map((feature) => (
            <List.Item
              key={feature.name}
              c={feature.included ? undefined : 'dimmed'}
              icon={
                <ThemeIcon
                  size={20}
                  radius="xl"
                  variant="light"
                  color={feature.included ? 'teal' : 'red'}
                  aria-label={feature.included ? t('included') : t('notIncluded')}
                  role="img"
                >
                  {feature.included ? <IconCheck size={14} /> : <IconX size={14} />}
                </ThemeIcon>
              }
            >
              {featureLabel(feature, t)}
            </List.Item>
          ))}
        </List>
        {plan.current ? (
          <Button fullWidth disabled mt="auto" leftSection={<IconCheck size={16} aria-hidden="true" />}>
            {t('currentPlan')}
          </Button>
        ) : (
          <Button
            fullWidth
            mt="auto"
            variant={plan.ribbon ? 'filled' : 'light'}
            disabled={!mayManage}
            loading={choosing}
            onClick={onChoose}
            title={mayManage ? undefined : t('askToChange')}
          >
            {plan.buttonText || t('choose')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
