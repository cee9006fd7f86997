import {
  type CustomerInput,
  type CustomerRecord,
  customerInput,
  customerInputOf,
  customerStatuses,
} from '@ledgerdesk/contracts';
import { dateCell, statusBadge } from '../../../resources/cells';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { customersPage } from '../area';
import { EcommerceTabs } from '../EcommerceTabs';
import { orders } from '../orders/resource';

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
    { id: 'email', sortable: true, truncate: 200 },
    { id: 'phone', priority: 2 },
    { id: 'country', sortable: true, priority: 3 },
    { id: 'joiningDate', sortable: true, cell: dateCell('joiningDate') },
    { id: 'ordersCount', sortable: true, align: 'right' },
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
  toInput: customerInputOf,
  detail: [
    { id: 'email' },
    { id: 'phone' },
    { id: 'country' },
    { id: 'joiningDate', value: dateCell('joiningDate') },
    { id: 'status', value: statusBadge('status', statusColors) },
    { id: 'ordersCount' },
    { id: 'address', wide: true },
  ],
  status: { id: 'status', value: statusBadge('status', statusColors) },
  figures: [{ id: 'ordersCount' }, { id: 'joiningDate', value: dateCell('joiningDate') }, { id: 'country' }],
  related: [
    {
      id: 'orders',
      resource: () => orders,
      filter: (customer) => ({ customer: customer._id }),
      columns: ['orderDate', 'items', 'total', 'status'],
      ordering: '-orderDate',
    },
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
