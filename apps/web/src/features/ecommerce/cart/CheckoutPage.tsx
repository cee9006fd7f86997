import { errorCodes, type OrderRecord, paymentMethods } from '@ledgerdesk/contracts';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { FigureRow, Figures } from '../../../components/Figures';
import { PageHeader } from '../../../components/PageHeader';
import { errorMessageOf, isApiError } from '../../../lib/api';
import { formatMoney } from '../../../lib/format';
import { usePageTitle } from '../../../lib/page-title';
import { useResourceMutations } from '../../../resources/api';
import { ReferencePicker } from '../../../resources/pickers';
import { OrderFigures } from '../OrderFigures';
import { orders } from '../orders/resource';
import { SidePanel } from '../ProductLine';
import { cartTotals, useCart } from './cart';

/** The products whose price changed, from a refused checkout's `current` ({products: [...]}). */
function pricesOf(current: unknown): { _id: string; price: string }[] {
  const products = (current as { products?: unknown } | undefined)?.products;
  return Array.isArray(products)
    ? products.filter(
        (p): p is { _id: string; price: string } =>
          typeof p?._id === 'string' && typeof p?.price === 'string',
      )
    : [];
}

/**
 * Checkout: who the order is for and how they pay; placing it is one POST /apps/order with the
 * cart's products and quantities. The server prices it, checks the stock and answers the order.
 */
function CheckoutPage() {
  const { t } = useTranslation(['ecommerce', 'ecommerce/orders', 'common']);
  const title = t('checkout.title');
  usePageTitle(title);
  const cart = useCart();
  const navigate = useNavigate();
  const { create } = useResourceMutations(orders);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<string>('Card');
  const [errors, setErrors] = useState<{ form?: string; customerId?: string }>({});

  if (cart.lines.length === 0 && !create.isSuccess) return <Navigate to="/apps/ecommerce/cart" replace />;

  const place = async () => {
    if (!customerId) {
      setErrors({ customerId: t('checkout.chooseCustomer') });
      return;
    }
    setErrors({});
    try {
      const saved = await create.mutateAsync({
        customerId,
        paymentMethod: paymentMethod as OrderRecord['paymentMethod'],
        // The prices the cart shows: the order is not placed at a price the user did not see.
        lines: cart.lines.map(({ productId, quantity, color, size, price }) => ({
          productId,
          quantity,
          color,
          size,
          priceSeen: price,
        })),
      });
      cart.clear();
      navigate(`${orders.route}/${saved.data._id}`, { replace: true });
    } catch (error) {
      // A price changed since the product was put in the cart: show the new one, and say so.
      const changed =
        isApiError(error) && error.errorCode === errorCodes.stale ? pricesOf(error.current) : [];
      if (changed.length > 0) {
        for (const product of changed) cart.reprice(product._id, product.price);
        setErrors({ form: `${errorMessageOf(error)} ${t('checkout.pricesChanged')}` });
        return;
      }
      // A line the server refuses (stock, unpublished) names its product: say which.
      const fieldErrors = isApiError(error) ? error.fieldErrors : {};
      const line = Object.keys(fieldErrors)
        .map((field) => /^lines\.(\d+)\./.exec(field)?.[1])
        .find((index) => index !== undefined);
      const name = line === undefined ? undefined : cart.lines[Number(line)]?.name;
      setErrors({
        customerId: fieldErrors.customerId,
        form: name ? `${name}: ${errorMessageOf(error)}` : errorMessageOf(error),
      });
    }
  };

  return (
    <>
      <PageHeader title={title} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              {errors.form ? (
                <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
                  {errors.form}
                </Alert>
              ) : null}
              <ReferencePicker
                label={t('checkout.customer')}
                description={t('checkout.customerHint')}
                required
                api="/apps/customer"
                keyOf={(customer: { _id: string }) => customer._id}
                labelOf={(customer: { name: string; email: string }) =>
                  `${customer.name} (${customer.email})`
                }
                value={customerId}
                onChange={setCustomerId}
                error={errors.customerId}
              />
              <Select
                label={t('checkout.paymentMethod')}
                data={paymentMethods.map((method) => ({
                  value: method,
                  label: t(`ecommerce/orders:values.paymentMethod.${method}`),
                }))}
                value={paymentMethod}
                onChange={(next) => next && setPaymentMethod(next)}
                allowDeselect={false}
              />
              <Group justify="space-between" mt="md">
                <Button variant="default" component={Link} to="/apps/ecommerce/cart">
                  {t('checkout.back')}
                </Button>
                <Button onClick={place} loading={create.isPending}>
                  {t('checkout.place')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SidePanel title={t('checkout.summary')}>
            <Figures mb="md">
              {cart.lines.map((line) => (
                <FigureRow
                  key={line.productId}
                  label={`${line.quantity} × ${line.name}`}
                  value={formatMoney(line.price)}
                />
              ))}
            </Figures>
            <OrderFigures totals={cartTotals(cart.lines)} />
            <Text size="xs" c="dimmed" mt="sm">
              {t('cart.estimate')}
            </Text>
          </SidePanel>
        </Grid.Col>
      </Grid>
    </>
  );
}

export { CheckoutPage as Component };
