import {
  LOW_STOCK,
  type ProductInput,
  type ProductRecord,
  productAvailability,
  productCategories,
  productInput,
  productInputOf,
  productTypes,
} from '@ledgerdesk/contracts';
import { Anchor, Badge, Button, Group, Image, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconShoppingCartPlus } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { RatingStars } from '../../../components/RatingStars';
import { errorMessageOf } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { useResourceMutations } from '../../../resources/api';
import { dateCell, moneyCell, statusBadge } from '../../../resources/cells';
import { ResourceDetailPage } from '../../../resources/ResourceDetailPage';
import { valueLabel } from '../../../resources/ResourceForm';
import { ResourceFormPage } from '../../../resources/ResourceFormPage';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { productsPage } from '../area';
import { useCart } from '../cart/cart';
import { EcommerceTabs } from '../EcommerceTabs';
import { orders } from '../orders/resource';
import { ImagesField, useStagedPictures } from './ImagesField';
import { ProductGallery } from './ProductGallery';

export const productTypeColors = { published: 'teal', unpublished: 'gray' };

const nameCell = (product: ProductRecord) => (
  <Group gap="sm" wrap="nowrap">
    {product.image ? <Image src={product.image} alt="" w={32} h={32} radius="sm" fit="cover" /> : null}
    <Text span size="sm" fw={500}>
      {product.name}
    </Text>
  </Group>
);
const categoryCell = (product: ProductRecord, t: TFunction) => valueLabel(t, 'category', product.category);
const ratingCell = (product: ProductRecord, t: TFunction) => (
  <Group gap={6} wrap="nowrap">
    <RatingStars
      value={product.rating}
      fractions={10}
      size="xs"
      label={t('rating', { rating: product.rating })}
    />
    <Text span size="xs" c="dimmed">
      {product.rating.toFixed(1)} ({formatNumber(product.ratingCount)})
    </Text>
  </Group>
);
/** The stock, with a warning colour when it runs low and a badge when none is left. */
const stockCell = (product: ProductRecord, t: TFunction) =>
  product.stock === 0 ? (
    <Badge color="red" variant="light" tt="none">
      {t('outOfStock')}
    </Badge>
  ) : (
    <Text
      span
      size="sm"
      c={product.stock <= LOW_STOCK ? 'orange' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatNumber(product.stock)}
    </Text>
  );
const sellerCell = (product: ProductRecord) =>
  product.seller ? (
    <Anchor component={Link} to={`/apps/ecommerce/sellers/${product.seller.id}`} size="sm">
      {product.seller.name}
    </Anchor>
  ) : null;

/** Products: the catalogue, its gallery, stock and ratings; publishing is a change of `type`. */
export const products: ResourceDefinition<ProductRecord, ProductInput> = {
  ns: 'ecommerce/products',
  api: '/apps/product',
  route: productsPage.path,
  area: 'ecommerce',
  keyOf: (product) => product._id,
  titleOf: (product) => product.name,
  columns: [
    { id: 'name', sortable: true, cell: nameCell },
    { id: 'category', sortable: true, cell: categoryCell },
    { id: 'stock', sortable: true, align: 'right', cell: stockCell },
    { id: 'price', sortable: true, align: 'right', cell: moneyCell('price') },
    { id: 'orders', sortable: true, align: 'right', priority: 3 },
    { id: 'rating', sortable: true, cell: ratingCell, priority: 2 },
    { id: 'type', sortable: true, cell: statusBadge('type', productTypeColors) },
    { id: 'publishedDate', sortable: true, cell: dateCell('publishedDate'), priority: 2 },
    { id: 'seller', sortable: true, hidden: true, cell: sellerCell },
  ],
  filters: [
    { name: 'category', options: productCategories },
    { name: 'type', options: productTypes },
    { name: 'availability', options: productAvailability },
  ],
  input: productInput,
  fields: [
    { name: 'name', kind: 'text', required: true, wide: true },
    { name: 'category', kind: 'select', options: productCategories, required: true },
    { name: 'type', kind: 'select', options: productTypes },
    { name: 'price', kind: 'decimal', required: true },
    { name: 'stock', kind: 'number', min: 0, required: true },
    {
      name: 'sellerId',
      kind: 'reference',
      api: '/apps/seller',
      keyOf: (seller: { _id: string }) => seller._id,
      labelOf: (seller: { company: string }) => seller.company,
    },
    { name: 'categories', kind: 'tags', hint: 'hints.categories' },
    { name: 'description', kind: 'textarea', rows: 4 },
  ],
  emptyValues: {
    name: '',
    description: '',
    category: 'Electronics',
    categories: [],
    price: '',
    stock: 0,
    type: 'unpublished',
    sellerId: null,
    publishedDate: null,
  },
  toInput: productInputOf,
  detail: [
    { id: 'category', value: categoryCell },
    { id: 'price', value: moneyCell('price') },
    { id: 'stock', value: stockCell },
    { id: 'orders' },
    { id: 'rating', value: ratingCell },
    { id: 'type', value: statusBadge('type', productTypeColors) },
    { id: 'publishedDate', value: dateCell('publishedDate') },
    { id: 'seller', value: sellerCell },
    { id: 'categories' },
    { id: 'description', wide: true },
  ],
  status: { id: 'type', value: statusBadge('type', productTypeColors) },
  figures: [
    { id: 'price', value: moneyCell('price') },
    { id: 'stock', value: stockCell },
    { id: 'orders' },
    { id: 'rating', value: ratingCell },
  ],
  related: [
    {
      id: 'orders',
      resource: () => orders,
      filter: (product) => ({ product: product._id }),
      columns: ['customer', 'orderDate', 'total', 'status'],
      ordering: '-orderDate',
    },
  ],
};

export const resource: ResourceModule['resource'] = products;

export function ListPage() {
  return (
    <ResourceListPage def={products}>
      <EcommerceTabs />
    </ResourceListPage>
  );
}

export function FormPage() {
  const { id } = useParams();
  const { t } = useTranslation('ecommerce/products');
  const staged = useStagedPictures();
  return (
    <ResourceFormPage
      def={products}
      afterSave={async (product) => {
        // The product is saved either way: a picture refused is said, and can be added again.
        await staged
          .uploadTo(product._id)
          .catch((error: unknown) => notifyError(errorMessageOf(error), { title: t('gallery.notUploaded') }));
      }}
    >
      <ImagesField productId={id} staged={staged} />
    </ResourceFormPage>
  );
}

/** Publish or unpublish (a PATCH of `type`), and put it in the cart. */
function ProductActions({ product }: { product: ProductRecord }) {
  const { t } = useTranslation(['ecommerce/products', 'ecommerce']);
  const can = useCan();
  const { update } = useResourceMutations(products);
  const cart = useCart();
  const published = product.type === 'published';
  if (!can('ecommerce.manage')) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={
          published ? <IconEyeOff size={16} aria-hidden="true" /> : <IconEye size={16} aria-hidden="true" />
        }
        loading={update.isPending}
        onClick={() =>
          update.mutate({
            key: product._id,
            values: { type: published ? 'unpublished' : 'published', version: product.version },
          })
        }
      >
        {published ? t('unpublish') : t('publish')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconShoppingCartPlus size={16} aria-hidden="true" />}
        disabled={!published || product.stock === 0}
        onClick={() => {
          cart.add(product);
          notifySuccess(t('ecommerce:cart.added', { name: product.name }));
        }}
      >
        {t('ecommerce:cart.add')}
      </Button>
    </>
  );
}

export function DetailPage() {
  return (
    <ResourceDetailPage
      def={products}
      actions={(product: ProductRecord) => <ProductActions product={product} />}
    >
      {(product: ProductRecord) => <ProductGallery name={product.name} images={product.images} />}
    </ResourceDetailPage>
  );
}
