import { z } from 'zod/mini';
import { listQuery, recordVersion, text, timestamp, versionInput } from './api';
import { divideHalfUp, fromScaled, toScaled } from './decimal';
import {
  email,
  inputOf,
  isoDate,
  isoDateTime,
  oneOf,
  optionalPhone,
  optionalText,
  requiredText,
} from './fields';
import { decimal } from './library';

/*
 * E-commerce (SPEC §3 "Product", "Order line"; §7 /apps/product, /apps/order, /apps/customer,
 * /sellers): products, customers, sellers and orders with their lines and status timeline, keyed `_id`.
 */

export const productCategories = [
  'Appliances',
  'Books',
  'Electronics',
  'Fashion',
  'Grocery',
  'Home & Furniture',
  'Kids',
  'Mobiles',
  'Sports & Fitness',
] as const;
export const productTypes = ['published', 'unpublished'] as const;
export const productAvailability = ['in-stock', 'low-stock', 'out-of-stock'] as const;
/** "Low stock": at most this many left (but some). */
export const LOW_STOCK = 10;

export const customerStatuses = ['Active', 'Block'] as const;
export const orderStatuses = [
  'Pending',
  'Inprogress',
  'Pickups',
  'Delivered',
  'Returned',
  'Cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
/** The statuses in which an order's goods are out of stock; Cancelled and Returned give them back. */
export const stockHoldingStatuses: readonly OrderStatus[] = ['Pending', 'Inprogress', 'Pickups', 'Delivered'];
export const paymentMethods = ['Card', 'PayPal', 'Bank transfer', 'Cash on delivery'] as const;

/** Money in: a decimal string (or a JSON number) with at most 2 decimals, below 100 million. */
const money = (label: string) =>
  z.pipe(
    decimal(label, 2),
    z.string().check(z.regex(/^\d{1,8}(\.|$)/, `${label} must be less than 100,000,000.`)),
  );

const ref = z.object({ id: z.uuid(), name: z.string() });

/** A product picture: an image attached to the product, its content and thumbnail URLs signed. */
export const productImage = z.object({
  id: z.uuid(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  thumbnailUrl: z.nullable(z.string()),
});
export type ProductImage = z.infer<typeof productImage>;
/** At most this many pictures a product. */
export const MAX_PRODUCT_IMAGES = 12;

// ---------------------------------------------------------------------------------------------
// Products

export const productRecord = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  category: z.enum(productCategories),
  /** Tags beside the main category. */
  categories: z.array(z.string()),
  price: z.string(),
  stock: z.number(),
  /** How many orders that hold stock (not cancelled or returned) include the product. */
  orders: z.number(),
  type: z.enum(productTypes),
  /** 0–5, one decimal; `ratingCount` reviews. */
  rating: z.number(),
  ratingCount: z.number(),
  /** When it was last published; null when never. */
  publishedDate: z.nullable(timestamp),
  /** The product's pictures (its image attachments), in order: the first is the main one. */
  images: z.array(productImage),
  /** The main picture's thumbnail (signed), for lists, carts and order lines; null without pictures. */
  image: z.nullable(z.string()),
  seller: z.nullable(ref),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type ProductRecord = z.infer<typeof productRecord>;

export const productInput = z.object({
  version: versionInput,
  name: requiredText('product name', 200),
  description: optionalText('description', 5000),
  category: z.enum(productCategories, oneOf('The category', productCategories)),
  categories: z._default(
    z
      .array(
        text(40, 'A tag must be at most 40 characters.').check(z.minLength(1, 'A tag cannot be empty.')),
        'Tags must be a list.',
      )
      .check(z.maxLength(10, 'At most 10 tags.')),
    [],
  ),
  price: money('The price'),
  stock: z
    .number('The stock must be a number.')
    .check(
      z.int('The stock must be a whole number.'),
      z.minimum(0, 'The stock cannot be negative.'),
      z.maximum(1_000_000_000, 'The stock must be at most 1,000,000,000.'),
    ),
  type: z._default(z.enum(productTypes, oneOf('The type', productTypes)), 'unpublished'),
  sellerId: z._default(z.nullable(z.uuid('Unknown seller.')), null),
  /** When it went on sale; left empty, publishing sets it to the moment of publishing. */
  publishedDate: z._default(z.nullable(isoDateTime('The publish date must be a date and time.')), null),
});
export type ProductInput = z.input<typeof productInput>;
/** A product back as its input: where the server's PATCH and the web edit form start from. */
export const productInputOf = (product: ProductRecord): ProductInput => ({
  name: product.name,
  description: product.description,
  category: product.category,
  categories: product.categories,
  price: product.price,
  stock: product.stock,
  type: product.type,
  sellerId: product.seller?.id ?? null,
  publishedDate: product.publishedDate,
});

export const productFilters = z.object({
  category: z.optional(z.enum(productCategories, oneOf('category', productCategories))),
  type: z.optional(z.enum(productTypes, oneOf('type', productTypes))),
  seller: z.optional(z.uuid('seller must be a seller id.')),
  availability: z.optional(z.enum(productAvailability, oneOf('availability', productAvailability))),
  minPrice: z.optional(decimal('minPrice', 2)),
  maxPrice: z.optional(decimal('maxPrice', 2)),
  minRating: z.optional(
    z.coerce
      .number('minRating must be a number.')
      .check(z.minimum(0, 'minRating must be 0 to 5.'), z.maximum(5, 'minRating must be 0 to 5.')),
  ),
});
export const productListQuery = z.extend(listQuery, productFilters.shape);

// ---------------------------------------------------------------------------------------------
// Sellers

export const sellerRecord = z.object({
  _id: z.uuid(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  joinedDate: z.iso.date(),
  productsCount: z.number(),
  /** Sales of their products in orders that hold stock (not cancelled or returned). */
  revenue: z.string(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type SellerRecord = z.infer<typeof sellerRecord>;

export const sellerInput = z.object({
  version: versionInput,
  name: requiredText('seller’s name', 120),
  company: requiredText('store name', 120),
  email,
  phone: optionalPhone,
  location: optionalText('location', 120),
  joinedDate: z.optional(isoDate('The joining date')),
});
export type SellerInput = z.input<typeof sellerInput>;
/** A seller back as its input: where the server's PATCH and the web edit form start from. */
export const sellerInputOf = inputOf(sellerInput);

export const sellerFilters = z.object({
  location: z.optional(text(120, 'location is too long.')),
});

// ---------------------------------------------------------------------------------------------
// Customers

export const customerRecord = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  country: z.string(),
  joiningDate: z.iso.date(),
  status: z.enum(customerStatuses),
  ordersCount: z.number(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type CustomerRecord = z.infer<typeof customerRecord>;

export const customerInput = z.object({
  version: versionInput,
  name: requiredText('customer’s name', 120),
  email,
  phone: optionalPhone,
  address: optionalText('address', 300),
  country: optionalText('country', 60),
  joiningDate: z.optional(isoDate('The joining date')),
  status: z._default(z.enum(customerStatuses, oneOf('The status', customerStatuses)), 'Active'),
});
export type CustomerInput = z.input<typeof customerInput>;
/** A customer back as its input: where the server's PATCH and the web edit form start from. */
export const customerInputOf = inputOf(customerInput);

export const customerFilters = z.object({
  status: z.optional(z.enum(customerStatuses, oneOf('status', customerStatuses))),
  country: z.optional(text(60, 'country is too long.')),
});

// ---------------------------------------------------------------------------------------------
// Orders

/** SPEC §3 order line: name, color, size, price, quantity, total (price and name as ordered). */
export const orderLineRecord = z.object({
  _id: z.uuid(),
  productId: z.nullable(z.uuid()),
  name: z.string(),
  color: z.string(),
  size: z.string(),
  price: z.string(),
  quantity: z.number(),
  total: z.string(),
  /** The product's main picture today (thumbnail, signed); null when it has none. */
  image: z.nullable(z.string()),
});
export type OrderLineRecord = z.infer<typeof orderLineRecord>;

export const orderEventRecord = z.object({
  status: z.enum(orderStatuses),
  at: timestamp,
  actor: z.nullable(ref),
});

export const orderRecord = z.object({
  _id: z.uuid(),
  /** "#LD1001": what people read and search for. */
  orderId: z.string(),
  customer: z.nullable(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
  status: z.enum(orderStatuses),
  paymentMethod: z.enum(paymentMethods),
  lines: z.array(orderLineRecord),
  subtotal: z.string(),
  discount: z.string(),
  shipping: z.string(),
  tax: z.string(),
  total: z.string(),
  /** Every status the order has been in, oldest first. */
  timeline: z.array(orderEventRecord),
  orderDate: timestamp,
  createdAt: timestamp,
  updatedAt: timestamp,
  version: recordVersion,
});
export type OrderRecord = z.infer<typeof orderRecord>;

export const orderLineInput = z.object({
  productId: z.uuid('Choose a product.'),
  quantity: z
    .number('The quantity must be a number.')
    .check(
      z.int('The quantity must be a whole number.'),
      z.minimum(1, 'The quantity must be at least 1.'),
      z.maximum(999, 'The quantity must be at most 999.'),
    ),
  color: optionalText('colour', 30),
  size: optionalText('size', 20),
  /**
   * The unit price the buyer saw (checkout sends the cart's): when the product's price is now
   * another, the order is refused with 409 STALE_RECORD naming the change, `current` holding the
   * products as they are now. The order is always priced by the server.
   */
  priceSeen: z.optional(money('The price seen')),
});
export type OrderLineInput = z.input<typeof orderLineInput>;

/** What a client sends: which products and how many; prices and totals are the server's. */
export const orderInput = z.object({
  version: versionInput,
  customerId: z.uuid('Choose a customer.'),
  lines: z
    .array(orderLineInput, 'The lines must be a list.')
    .check(z.minLength(1, 'An order needs at least one line.'), z.maxLength(100, 'At most 100 lines.')),
  status: z._default(z.enum(orderStatuses, oneOf('The status', orderStatuses)), 'Pending'),
  paymentMethod: z._default(
    z.enum(paymentMethods, oneOf('The payment method', paymentMethods)),
    'Cash on delivery',
  ),
  discount: z._default(money('The discount'), '0'),
});
export type OrderInput = z.input<typeof orderInput>;
/** An order back as its input: where the server's PATCH and the web edit form start from. */
export const orderInputOf = (order: OrderRecord): OrderInput => ({
  customerId: order.customer?.id ?? '',
  lines: order.lines.map((line) => ({
    productId: line.productId ?? '',
    quantity: line.quantity,
    color: line.color,
    size: line.size,
  })),
  status: order.status,
  paymentMethod: order.paymentMethod,
  discount: order.discount,
});

export const orderFilters = z.object({
  status: z.optional(z.enum(orderStatuses, oneOf('status', orderStatuses))),
  paymentMethod: z.optional(z.enum(paymentMethods, oneOf('paymentMethod', paymentMethods))),
  customer: z.optional(z.uuid('customer must be a customer id.')),
  product: z.optional(z.uuid('product must be a product id.')),
  from: z.optional(isoDate('from')),
  to: z.optional(isoDate('to')),
});

/** Charges on top of the goods: tax on the discounted subtotal; shipping unless the order is large. */
export const orderCharges = { taxPercent: 10, shipping: '5.00', freeShippingFrom: '100.00' } as const;

export type OrderTotals = {
  subtotal: string;
  discount: string;
  shipping: string;
  tax: string;
  total: string;
};

/**
 * An order's totals from its lines' unit prices, in exact decimal arithmetic: subtotal = Σ price ×
 * quantity; tax = taxPercent of (subtotal − discount), rounded half up to the cent; shipping is
 * free from `freeShippingFrom`. The server stores these; the cart shows the same figures.
 */
export function orderTotals(lines: { price: string; quantity: number }[], discount: string): OrderTotals {
  const cents = (amount: string) => toScaled(amount, 2);
  const subtotal = lines.reduce((sum, l) => sum + cents(l.price) * BigInt(l.quantity), 0n);
  const off = cents(discount);
  const taxable = subtotal - off;
  const tax = divideHalfUp(taxable * BigInt(orderCharges.taxPercent), 100n);
  const shipping =
    subtotal === 0n || taxable >= cents(orderCharges.freeShippingFrom) ? 0n : cents(orderCharges.shipping);
  return {
    subtotal: fromScaled(subtotal, 2),
    discount: fromScaled(off, 2),
    shipping: fromScaled(shipping, 2),
    tax: fromScaled(tax, 2),
    total: fromScaled(taxable + tax + shipping, 2),
  };
}

export const ecommerceMessages = {
  unknownSeller: 'Unknown seller.',
  unknownCustomer: 'Unknown customer.',
  unknownProduct: 'This product no longer exists.',
  unpublishedProduct: 'This product is not published.',
  blockedCustomer: 'This customer is blocked and cannot place orders.',
  customerEmailTaken: 'A customer with this email address already exists.',
  sellerEmailTaken: 'A seller with this email address already exists.',
  customerHasOrders: 'This customer has orders and cannot be deleted. Block the customer instead.',
  sellerHasProducts: 'This seller still has products. Move or delete them first.',
  discountTooLarge: 'The discount cannot be more than the subtotal.',
  linesLocked: 'Only a pending order’s lines can be changed.',
  productInOrders: 'This product is in orders and cannot be deleted. Unpublish it instead.',
  priceChanged: (name: string, seen: string, now: string) =>
    `The price of ${name} changed from ${seen} to ${now}: check the order again.`,
  outOfStock: (name: string, left: number) =>
    left === 0 ? `${name} is out of stock.` : `Only ${left} of ${name} left in stock.`,
} as const;
