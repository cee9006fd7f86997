import {
  ecommerceMessages,
  LOW_STOCK,
  MAX_PRODUCT_IMAGES,
  type ProductImage,
  type ProductRecord,
  productCategories,
  productFilters,
  productInput,
  productInputOf,
  productRecord,
  productTypes,
} from '@ledgerdesk/contracts';
import { between, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rankOf } from '../../db/rank';
import { orderLines, products, sellers } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { attachmentsOf } from '../../resources/attachments';
import type { ResourceDefinition } from '../../resources/engine';
import { readCacheOf } from '../../resources/read-cache';
import { assertUnreferenced, existingIds } from '../../resources/records';
import { referencedValue } from '../../resources/refs';

/** Text searched for a product: the trigram index covers exactly this expression. */
export const productSearchText = sql`(${products.name} || ' ' || ${products.category})`;

const availability = {
  'in-stock': gt(products.stock, 0),
  'low-stock': between(products.stock, 1, LOW_STOCK),
  'out-of-stock': eq(products.stock, 0),
} as const;

/**
 * Store names of sellers, for the records that show who sells what: remembered between list pages
 * (a page of products names a handful of sellers again and again), forgotten on every write.
 */
export function sellerNames(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  return readCacheOf(db).byId(
    'seller-name',
    ids.filter((id): id is string => id !== null),
    async (missing) => {
      const rows = await db
        .select({ id: sellers.id, company: sellers.company })
        .from(sellers)
        .where(inArray(sellers.id, missing));
      return new Map(rows.map((s) => [s.id, s.company]));
    },
  );
}

/** The owner type of products' pictures (files attached to a product). */
export const PRODUCT_FILES = 'products';

/** Each product's pictures, in order (the first is the main one), with signed URLs. */
export async function productPictures(
  storage: Storage,
  db: Database,
  ids: string[],
): Promise<Map<string, ProductImage[]>> {
  const attached = await attachmentsOf(storage, db, PRODUCT_FILES, ids);
  return new Map(
    [...attached].map(([id, found]) => [
      id,
      found.map(({ id: fileId, name, mime, size, url, thumbnailUrl }) => ({
        id: fileId,
        name,
        mime,
        size,
        url,
        thumbnailUrl,
      })),
    ]),
  );
}

/** What lists, carts and order lines show of a product: its main picture, small. */
export const mainPicture = (images: ProductImage[] | undefined) =>
  images?.[0] ? (images[0].thumbnailUrl ?? images[0].url) : null;

/**
 * Products (SPEC §3): the catalogue, with stock, price and the orders that include them; their
 * pictures are image attachments (`{path}/:id/attachments`), the first the main one.
 */
export function productResource(
  storage: Storage,
): ResourceDefinition<typeof products, ProductRecord, typeof productInput, typeof productFilters> {
  return {
    entity: 'product',
    label: 'Product',
    area: 'ecommerce',
    path: '/api/apps/product',
    // The catalogue is read far more often than written: its pages are kept (see read-cache.ts).
    cachePages: true,
    attachments: { type: PRODUCT_FILES, images: true, max: MAX_PRODUCT_IMAGES },
    table: products,
    record: productRecord,
    input: productInput,
    filters: productFilters,
    where: (f) => [
      f.category ? eq(products.category, f.category) : undefined,
      f.type ? eq(products.type, f.type) : undefined,
      f.seller ? eq(products.sellerId, f.seller) : undefined,
      f.availability ? availability[f.availability] : undefined,
      f.minPrice ? gte(products.price, f.minPrice) : undefined,
      f.maxPrice ? lte(products.price, f.maxPrice) : undefined,
      f.minRating === undefined ? undefined : gte(products.rating, String(f.minRating)),
    ],
    search: [productSearchText],
    sortable: {
      name: products.name,
      category: rankOf(products.category, productCategories),
      price: products.price,
      stock: products.stock,
      orders: products.ordersCount,
      rating: products.rating,
      type: rankOf(products.type, productTypes),
      publishedDate: products.publishedDate,
      // The store name, as the record names its seller.
      seller: referencedValue(sellers.company, sellers.id, products.sellerId),
      createdAt: products.createdAt,
    },
    defaultOrdering: '-createdAt',
    async toRecords(db, rows) {
      const names = await sellerNames(
        db,
        rows.map((p) => p.sellerId),
      );
      const pictures = await productPictures(
        storage,
        db,
        rows.map((p) => p.id),
      );
      return rows.map((p) => ({
        _id: p.id,
        name: p.name,
        description: p.description,
        category: p.category as ProductRecord['category'],
        categories: p.categories,
        price: p.price,
        stock: p.stock,
        orders: p.ordersCount,
        type: p.type as ProductRecord['type'],
        rating: Number(p.rating),
        ratingCount: p.ratingCount,
        publishedDate: p.publishedDate?.toISOString() ?? null,
        images: pictures.get(p.id) ?? [],
        image: mainPicture(pictures.get(p.id)),
        seller: p.sellerId ? { id: p.sellerId, name: names.get(p.sellerId) ?? '' } : null,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        version: p.version,
      }));
    },
    toColumns: (input) => ({
      ...input,
      categories: [...new Set(input.categories)],
      // Published without a date: it is published now. A date once set stays when unpublished.
      publishedDate: input.publishedDate
        ? new Date(input.publishedDate)
        : input.type === 'published'
          ? new Date()
          : null,
    }),
    toInput: productInputOf,
    async validate(db, input) {
      if (input.sellerId) {
        await existingIds(db, sellers, [input.sellerId], {
          field: 'sellerId',
          message: ecommerceMessages.unknownSeller,
        });
      }
    },
    beforeDelete: (db, id) =>
      assertUnreferenced(db, orderLines.productId, id, ecommerceMessages.productInOrders),
    csv: {
      id: (p) => p._id,
      name: (p) => p.name,
      category: (p) => p.category,
      tags: (p) => p.categories.join('; '),
      price: (p) => p.price,
      stock: (p) => String(p.stock),
      orders: (p) => String(p.orders),
      type: (p) => p.type,
      rating: (p) => p.rating.toFixed(1),
      publishedDate: (p) => p.publishedDate ?? '',
      seller: (p) => p.seller?.name ?? '',
    },
  };
}
