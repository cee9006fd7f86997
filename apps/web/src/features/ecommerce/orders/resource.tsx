import {
  type OrderInput,
  type OrderRecord,
  orderInput,
  orderInputOf,
  orderStatuses,
  paymentMethods,
} from '@ledgerdesk/contracts';
import type { TFunction } from 'i18next';
import { dateCell, moneyCell, NameAndEmail, statusBadge } from '../../../resources/cells';
import { ResourceDetailPage } from '../../../resources/ResourceDetailPage';
import { valueLabel } from '../../../resources/ResourceForm';
import { ResourceFormPage } from '../../../resources/ResourceFormPage';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { ordersPage } from '../area';
import { EcommerceTabs } from '../EcommerceTabs';
import { OrderLinesField } from './OrderLinesField';
import { OrderSummary } from './OrderSummary';

export const orderStatusColors = {
  Pending: 'yellow',
  Inprogress: 'indigo',
  Pickups: 'cyan',
  Delivered: 'teal',
  Returned: 'grape',
  Cancelled: 'red',
};

const customerCell = (order: OrderRecord) =>
  order.customer ? <NameAndEmail name={order.customer.name} email={order.customer.email} /> : null;
const itemsCell = (order: OrderRecord) => order.lines.reduce((sum, line) => sum + line.quantity, 0);
const paymentCell = (order: OrderRecord, t: TFunction) => valueLabel(t, 'paymentMethod', order.paymentMethod);

/**
 * Orders: the list, a form (customer, lines, payment, status, discount: the server prices the lines
 * and keeps the stock) and a detail page with the lines, totals, customer and status timeline.
 */
export const orders: ResourceDefinition<OrderRecord, OrderInput> = {
  ns: 'ecommerce/orders',
  api: '/apps/order',
  route: ordersPage.path,
  area: 'ecommerce',
  keyOf: (order) => order._id,
  titleOf: (order) => order.orderId,
  columns: [
    { id: 'orderId', sortable: true, width: 110 },
    { id: 'customer', sortable: true, cell: customerCell, grow: true },
    { id: 'orderDate', sortable: true, cell: dateCell('orderDate') },
    { id: 'items', align: 'right', cell: itemsCell, priority: 3 },
    { id: 'total', sortable: true, align: 'right', cell: moneyCell('total') },
    { id: 'paymentMethod', sortable: true, cell: paymentCell, priority: 2 },
    { id: 'status', sortable: true, cell: statusBadge('status', orderStatusColors) },
  ],
  filters: [
    { name: 'status', options: orderStatuses },
    { name: 'paymentMethod', options: paymentMethods },
  ],
  input: orderInput,
  fields: [
    {
      name: 'customerId',
      kind: 'reference',
      required: true,
      api: '/apps/customer',
      keyOf: (customer: { _id: string }) => customer._id,
      labelOf: (customer: { name: string; email: string }) => `${customer.name} (${customer.email})`,
    },
    { name: 'paymentMethod', kind: 'select', options: paymentMethods },
    { name: 'status', kind: 'select', options: orderStatuses },
    { name: 'discount', kind: 'decimal' },
  ],
  emptyValues: {
    customerId: '',
    lines: [{ productId: '', quantity: 1, color: '', size: '' }],
    status: 'Pending',
    paymentMethod: 'Cash on delivery',
    discount: '0',
  },
  toInput: orderInputOf,
  detail: [
    { id: 'orderDate', value: dateCell('orderDate') },
    { id: 'status', value: statusBadge('status', orderStatusColors) },
    { id: 'paymentMethod', value: paymentCell },
    { id: 'total', value: moneyCell('total') },
  ],
  status: { id: 'status', value: statusBadge('status', orderStatusColors) },
  figures: [
    { id: 'total', value: moneyCell('total') },
    { id: 'items', value: itemsCell },
    { id: 'orderDate', value: dateCell('orderDate') },
    { id: 'customer', value: (order) => order.customer?.name ?? null },
  ],
};

export const resource: ResourceModule['resource'] = orders;

export function ListPage() {
  return (
    <ResourceListPage def={orders}>
      <EcommerceTabs />
    </ResourceListPage>
  );
}

export function FormPage() {
  return (
    <ResourceFormPage def={orders} childFields={['lines']}>
      <OrderLinesField />
    </ResourceFormPage>
  );
}

export function DetailPage() {
  return (
    <ResourceDetailPage def={orders}>
      {(order: OrderRecord) => <OrderSummary order={order} />}
    </ResourceDetailPage>
  );
}
