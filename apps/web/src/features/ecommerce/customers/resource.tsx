import {
  type CustomerInput,
  type CustomerRecord,
  customerInput,
  customerInputOf,
  customerStatuses,
  type OrderRecord,
} from '@ledgerdesk/contracts';
import { useTranslation } from 'react-i18next';
import { dateCell, moneyCell, statusBadge } from '../../../resources/cells';
import { ResourceDetailPage } from '../../../resources/ResourceDetailPage';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { customersPage } from '../area';
import { EcommerceTabs } from '../EcommerceTabs';
import { orderStatusColors, orders } from '../orders/resource';
import { RelatedRecords } from '../RelatedRecords';

const statusColors = { Active: 'teal', Block: 'red' };

/** Customers: one per email address; one with orders cannot be deleted (block them instead). */
export const customers: ResourceDefinition<CustomerRecord, CustomerInput> = {
  ns: 'ecommerce/customers',
  api: '/apps/customer',
  route: customersPage.path,
  area: 'ecommerce',
  keyOf: (customer) => customer._id,
  titleOf: (customer) => customer.name,
  columns: [
    { id: 'name', sortable: true },
    { id: 'email', sortable: true },
    { id: 'phone' },
    { id: 'country', sortable: true },
    { id: 'joiningDate', sortable: true, cell: dateCell('joiningDate') },
    { id: 'ordersCount', align: 'right' },
    { id: 'status', sortable: true, cell: statusBadge('status', statusColors) },
    { id: 'address', hidden: true },
  ],
  filters: [{ name: 'status', options: customerStatuses }],
  input: customerInput,
  fields: [
    { name: 'name', kind: 'text', required: true },
    { name: 'email', kind: 'text', type: 'email', required: true },
    { name: 'phone', kind: 'phone' },
    { name: 'country', kind: 'text' },
    { name: 'joiningDate', kind: 'date' },
    { name: 'status', kind: 'select', options: customerStatuses },
    { name: 'address', kind: 'textarea', rows: 2 },
  ],
  emptyValues: {
    name: '',
    email: '',
    phone: '',
    address: '',
    country: '',
    joiningDate: undefined,
    status: 'Active',
  },
  toValues: customerInputOf,
  detail: [
    { id: 'email' },
    { id: 'phone' },
    { id: 'country' },
    { id: 'joiningDate', value: dateCell('joiningDate') },
    { id: 'status', value: statusBadge('status', statusColors) },
    { id: 'ordersCount' },
    { id: 'address', wide: true },
  ],
};

export const resource: ResourceModule['resource'] = customers;

export function ListPage() {
  return (
    <ResourceListPage def={customers}>
      <EcommerceTabs />
    </ResourceListPage>
  );
}

/** The customer, then their latest orders. */
export function DetailPage() {
  const { t } = useTranslation('ecommerce/customers');
  return (
    <ResourceDetailPage def={customers}>
      {(customer: CustomerRecord) => (
        <RelatedRecords
          title={t('orders')}
          def={orders}
          filter={{ customer: customer._id }}
          ordering="-orderDate"
          empty={t('noOrders')}
          columns={[
            { id: 'orderDate', cell: (order: OrderRecord) => dateCell('orderDate')(order) },
            {
              id: 'status',
              cell: (order: OrderRecord, tt) => statusBadge('status', orderStatusColors)(order, tt),
            },
            { id: 'total', align: 'right', cell: (order: OrderRecord) => moneyCell('total')(order) },
          ]}
        />
      )}
    </ResourceDetailPage>
  );
}
