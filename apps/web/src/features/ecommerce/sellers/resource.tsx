import { type SellerInput, type SellerRecord, sellerInput, sellerInputOf } from '@ledgerdesk/contracts';
import { dateCell, moneyCell } from '../../../resources/cells';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { sellersPage } from '../area';
import { EcommerceTabs } from '../EcommerceTabs';
import { products } from '../products/resource';

/**
 * Sellers (GET /sellers reads the same list): their store, products and revenue; one with
 * products cannot be deleted.
 */
export const sellers: ResourceDefinition<SellerRecord, SellerInput> = {
  ns: 'ecommerce/sellers',
  api: '/apps/seller',
  route: sellersPage.path,
  area: 'ecommerce',
  keyOf: (seller) => seller._id,
  titleOf: (seller) => seller.company,
  columns: [
    { id: 'company', sortable: true },
    { id: 'name', sortable: true },
    { id: 'email', truncate: 200 },
    { id: 'phone', hidden: true },
    { id: 'location', sortable: true, priority: 3 },
    { id: 'joinedDate', sortable: true, cell: dateCell('joinedDate'), priority: 2 },
    { id: 'productsCount', sortable: true, align: 'right' },
    { id: 'revenue', sortable: true, align: 'right', cell: moneyCell('revenue') },
  ],
  input: sellerInput,
  fields: [
    { name: 'company', kind: 'text', required: true },
    { name: 'name', kind: 'text', required: true },
    { name: 'email', kind: 'text', type: 'email', required: true },
    { name: 'phone', kind: 'phone' },
    { name: 'location', kind: 'text' },
    { name: 'joinedDate', kind: 'date' },
  ],
  emptyValues: { name: '', company: '', email: '', phone: '', location: '', joinedDate: undefined },
  toInput: sellerInputOf,
  detail: [
    { id: 'name' },
    { id: 'email' },
    { id: 'phone' },
    { id: 'location' },
    { id: 'joinedDate', value: dateCell('joinedDate') },
    { id: 'productsCount' },
    { id: 'revenue', value: moneyCell('revenue') },
  ],
  figures: [
    { id: 'revenue', value: moneyCell('revenue') },
    { id: 'productsCount' },
    { id: 'joinedDate', value: dateCell('joinedDate') },
  ],
  related: [
    {
      id: 'products',
      resource: () => products,
      filter: (seller) => ({ seller: seller._id }),
      columns: ['price', 'stock', 'orders', 'type'],
      ordering: '-orders',
    },
  ],
};

export const resource: ResourceModule['resource'] = sellers;

export function ListPage() {
  return (
    <ResourceListPage def={sellers}>
      <EcommerceTabs />
    </ResourceListPage>
  );
}
