import {
  type ProductRecord,
  type SellerInput,
  type SellerRecord,
  sellerInput,
  sellerInputOf,
} from '@ledgerdesk/contracts';
import { useTranslation } from 'react-i18next';
import { dateCell, moneyCell, statusBadge } from '../../../resources/cells';
import { ResourceDetailPage } from '../../../resources/ResourceDetailPage';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { sellersPage } from '../area';
import { EcommerceTabs } from '../EcommerceTabs';
import { products, productTypeColors } from '../products/resource';
import { RelatedRecords } from '../RelatedRecords';

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
    { id: 'email' },
    { id: 'phone', hidden: true },
    { id: 'location', sortable: true },
    { id: 'joinedDate', sortable: true, cell: dateCell('joinedDate') },
    { id: 'productsCount', align: 'right' },
    { id: 'revenue', align: 'right', cell: moneyCell('revenue') },
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
  toValues: sellerInputOf,
  detail: [
    { id: 'name' },
    { id: 'email' },
    { id: 'phone' },
    { id: 'location' },
    { id: 'joinedDate', value: dateCell('joinedDate') },
    { id: 'productsCount' },
    { id: 'revenue', value: moneyCell('revenue') },
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

/** The seller, then their best-selling products. */
export function DetailPage() {
  const { t } = useTranslation('ecommerce/sellers');
  return (
    <ResourceDetailPage def={sellers}>
      {(seller: SellerRecord) => (
        <RelatedRecords
          title={t('products')}
          def={products}
          filter={{ seller: seller._id }}
          ordering="-orders"
          empty={t('noProducts')}
          columns={[
            { id: 'price', align: 'right', cell: (product: ProductRecord) => moneyCell('price')(product) },
            { id: 'stock', align: 'right', cell: (product: ProductRecord) => product.stock },
            { id: 'orders', align: 'right', cell: (product: ProductRecord) => product.orders },
            {
              id: 'type',
              cell: (product: ProductRecord, tt) => statusBadge('type', productTypeColors)(product, tt),
            },
          ]}
        />
      )}
    </ResourceDetailPage>
  );
}
