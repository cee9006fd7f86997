import { orderCharges, orderTotals } from '@ledgerdesk/contracts';
import {
  Anchor,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconShoppingCartOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { RemoveButton } from '../../../components/RemoveButton';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { EcommerceTabs } from '../EcommerceTabs';
import { OrderFigures } from '../OrderFigures';
import { ProductLine, SidePanel } from '../ProductLine';
import { cartTotals, useCart } from './cart';

/** The cart: quantities, colour and size per line, and the estimated totals; then checkout. */
function CartPage() {
  const { t } = useTranslation(['ecommerce', 'common']);
  const title = t('cart.title');
  usePageTitle(title);
  const cart = useCart();

  return (
    <>
      <PageHeader title={title} />
      <EcommerceTabs />
      {cart.lines.length === 0 ? (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" gap="sm">
            <IconShoppingCartOff size={40} aria-hidden="true" />
            <Text>{t('cart.empty')}</Text>
            <Anchor component={Link} to="/apps/ecommerce/products?type=published">
              {t('cart.browse')}
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder p="lg" radius="md">
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="sm" aria-label={title}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('cart.product')}</Table.Th>
                      <Table.Th ta="right">{t('cart.price')}</Table.Th>
                      <Table.Th w={110}>{t('cart.quantity')}</Table.Th>
                      <Table.Th ta="right">{t('cart.lineTotal')}</Table.Th>
                      <Table.Th w={48} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {cart.lines.map((line) => (
                      <Table.Tr key={line.productId}>
                        <Table.Td>
                          <ProductLine productId={line.productId} name={line.name} image={line.image}>
                            <Group gap="xs" wrap="nowrap">
                              {(
                                [
                                  ['color', t('cart.color'), t('cart.colorOf', { name: line.name }), 110, 30],
                                  ['size', t('cart.size'), t('cart.sizeOf', { name: line.name }), 80, 20],
                                ] as const
                              ).map(([part, placeholder, label, width, maxLength]) => (
                                <TextInput
                                  key={part}
                                  size="xs"
                                  w={width}
                                  aria-label={label}
                                  placeholder={placeholder}
                                  value={line[part]}
                                  maxLength={maxLength}
                                  onChange={(event) =>
                                    cart.change(line.productId, { [part]: event.currentTarget.value })
                                  }
                                />
                              ))}
                            </Group>
                          </ProductLine>
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(line.price)}</Table.Td>
                        <Table.Td>
                          <NumberInput
                            aria-label={t('cart.quantityOf', { name: line.name })}
                            min={1}
                            max={999}
                            allowDecimal={false}
                            value={line.quantity}
                            onChange={(next) =>
                              cart.change(line.productId, {
                                quantity: Math.max(1, Math.min(999, Number(next) || 1)),
                              })
                            }
                          />
                        </Table.Td>
                        <Table.Td ta="right">{formatMoney(orderTotals([line], '0').subtotal)}</Table.Td>
                        <Table.Td>
                          <RemoveButton
                            label={t('cart.remove', { name: line.name })}
                            onClick={() => cart.remove(line.productId)}
                          />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Group justify="space-between" mt="md">
                <Button variant="subtle" color="red" onClick={cart.clear}>
                  {t('cart.clear')}
                </Button>
                <Text size="sm" c="dimmed">
                  {t('cart.items', { count: cart.count })}
                </Text>
              </Group>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <SidePanel title={t('checkout.summary')}>
              <OrderFigures totals={cartTotals(cart.lines)} />
              <Text size="xs" c="dimmed" mt="sm">
                {t('cart.freeShippingFrom', { amount: formatMoney(orderCharges.freeShippingFrom) })}{' '}
                {t('cart.estimate')}
              </Text>
              <Button component={Link} to="/apps/ecommerce/checkout" fullWidth mt="lg">
                {t('cart.checkout')}
              </Button>
            </SidePanel>
          </Grid.Col>
        </Grid>
      )}
    </>
  );
}

export { CartPage as Component };
