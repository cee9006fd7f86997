import type { OrderRecord } from '@ledgerdesk/contracts';
import { Anchor, Badge, Grid, Group, Paper, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { valueLabel } from '../../../resources/ResourceForm';
import { OrderFigures } from '../OrderFigures';
import { ProductLine } from '../ProductLine';

/** An order's lines with their totals, the order's figures, its customer and its status timeline. */
export function OrderSummary({ order }: { order: OrderRecord }) {
  const { t } = useTranslation('ecommerce/orders');
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="md" id="order-items">
            {t('fields.lines')}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" aria-labelledby="order-items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lines.product')}</Table.Th>
                  <Table.Th ta="right">{t('lines.price')}</Table.Th>
                  <Table.Th ta="right">{t('lines.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('lines.total')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.lines.map((line) => (
                  <Table.Tr key={line._id}>
                    <Table.Td>
                      <ProductLine productId={line.productId} name={line.name} image={line.image}>
                        {line.color || line.size ? (
                          <Text size="xs" c="dimmed">
                            {[
                              line.color && t('lines.colorIs', { color: line.color }),
                              line.size && t('lines.sizeIs', { size: line.size }),
                            ]
                              .filter(Boolean)
                              .join(' · ')}
                          </Text>
                        ) : null}
                      </ProductLine>
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(line.price)}</Table.Td>
                    <Table.Td ta="right">{line.quantity}</Table.Td>
                    <Table.Td ta="right">{formatMoney(line.total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="flex-end" mt="md">
            <div style={{ minWidth: 260 }}>
              <OrderFigures totals={order} />
            </div>
          </Group>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="lg">
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb="sm">
              {t('fields.customer')}
            </Title>
            {order.customer ? (
              <Stack gap={2}>
                <Anchor component={Link} to={`/apps/ecommerce/customers/${order.customer.id}`} fw={500}>
                  {order.customer.name}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {order.customer.email}
                </Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                —
              </Text>
            )}
          </Paper>
          <Paper withBorder p="lg" radius="md">
            <Title order={2} size="h4" mb="md">
              {t('timeline.title')}
            </Title>
            <Timeline active={order.timeline.length - 1} bulletSize={22} lineWidth={2}>
              {order.timeline.map((event) => (
                <Timeline.Item
                  key={`${event.status}-${event.at}`}
                  bullet={<IconCircleCheck size={14} aria-hidden="true" />}
                  title={
                    <Badge variant="light" tt="none">
                      {valueLabel(t, 'status', event.status)}
                    </Badge>
                  }
                >
                  <Text size="xs" c="dimmed" mt={4}>
                    <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    {event.actor ? ` · ${t('timeline.by', { name: event.actor.name })}` : ''}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Paper>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
