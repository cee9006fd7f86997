import { randomUUID } from 'node:crypto';
import {
  fromScaled,
  type OrderStatus,
  orderTotals,
  paymentMethods,
  type productCategories,
  stockHoldingStatuses,
  toScaled,
} from '@ledgerdesk/contracts';
import type { Database } from '../db/client';
import { customers, orderEvents, orderLines, orders, products, sellers } from '../db/schema';
import { insertMany } from './bulk';
import type { PhotoColour, PhotoKind, ProductPictures } from './product-photos';
import { createRandom } from './random';

// The area's own seed, so that the demo data of other areas does not shift this one.
const ECOMMERCE_SEED = 6_060_606;
const DAY = 86_400_000;
/** The demo shop's "today": orders and products are dated in the months before it. */
const TODAY = Date.UTC(2026, 10, 1);

type Category = (typeof productCategories)[number];
type Random = ReturnType<typeof createRandom>;

/**
 * Per category: the things sold (each with the drawing of what it is, see product-photos.ts), words
 * that make them a product, the price range and the colours they come in (three: see the photos).
 */
export const catalogue: Record<
  Category,
  {
    items: [name: string, picture: PhotoKind][];
    styles: string[];
    price: [number, number];
    colours: PhotoColour[];
    /** Colours an order line may name (none: the line names no colour). */
    lineColours?: boolean;
    sizes?: string[];
  }
> = {
  Appliances: {
    items: [
      ['Electric Kettle', 'kettle'],
      ['Glass Kettle', 'kettle'],
      ['Travel Kettle', 'kettle'],
      ['Gooseneck Kettle', 'kettle'],
      ['Toaster', 'toaster'],
      ['4-Slice Toaster', 'toaster'],
      ['Long-Slot Toaster', 'toaster'],
      ['Retro Toaster', 'toaster'],
      ['Blender', 'blender'],
      ['Personal Blender', 'blender'],
      ['Smoothie Blender', 'blender'],
      ['High-Speed Blender', 'blender'],
    ],
    styles: ['Compact', 'Pro', 'Smart', 'Classic', 'Eco', 'Digital'],
    price: [29, 499],
    colours: ['Silver', 'Black', 'Red'],
    lineColours: true,
  },
  Books: {
    items: [
      ['Public Budgets Explained', 'book'],
      ['Cost Planning in Practice', 'book'],
      ['The Quiet Harbour', 'book'],
      ['A Field Guide to Birds', 'book'],
      ['Bread at Home', 'book'],
      ['The Long Walk North', 'book'],
      ['Numbers for Managers', 'book'],
      ['Stories of the Sea', 'book'],
      ['Gardening Through the Year', 'book'],
      ['The Clockmaker’s Daughter', 'book'],
      ['Cities and Water', 'book'],
      ['First Steps in Accounting', 'book'],
    ],
    styles: ['Paperback', 'Hardcover', 'Illustrated'],
    price: [8, 45],
    colours: ['Navy', 'Burgundy', 'Teal'],
  },
  Electronics: {
    items: [
      ['Wireless Headphones', 'headphones'],
      ['Over-Ear Headphones', 'headphones'],
      ['Noise-Cancelling Headphones', 'headphones'],
      ['Smartwatch', 'watch'],
      ['Fitness Watch', 'watch'],
      ['GPS Sports Watch', 'watch'],
      ['Bluetooth Speaker', 'speaker'],
      ['Portable Speaker', 'speaker'],
      ['Outdoor Speaker', 'speaker'],
      ['27" 4K Monitor', 'monitor'],
      ['24" Office Monitor', 'monitor'],
      ['34" Ultrawide Monitor', 'monitor'],
    ],
    styles: ['Studio', 'Lite', 'Max', 'Air', 'Pro', 'Travel'],
    price: [19, 899],
    colours: ['Black', 'White', 'Blue'],
    lineColours: true,
  },
  Fashion: {
    items: [
      ['Cotton T-shirt', 'tshirt'],
      ['Organic T-shirt', 'tshirt'],
      ['Pocket T-shirt', 'tshirt'],
      ['Crew-Neck T-shirt', 'tshirt'],
      ['Canvas Sneakers', 'sneaker'],
      ['Leather Sneakers', 'sneaker'],
      ['High-Top Sneakers', 'sneaker'],
      ['Slip-On Sneakers', 'sneaker'],
      ['Canvas Backpack', 'backpack'],
      ['City Backpack', 'backpack'],
      ['Laptop Backpack', 'backpack'],
      ['Roll-Top Backpack', 'backpack'],
    ],
    styles: ['Navy', 'Olive', 'Sand', 'Everyday', 'Heritage', 'Classic'],
    price: [12, 180],
    colours: ['Navy', 'Olive', 'Sand'],
    lineColours: true,
    sizes: ['S', 'M', 'L', 'XL'],
  },
  Grocery: {
    items: [
      ['Wildflower Honey 500 g', 'jar'],
      ['Peanut Butter 350 g', 'jar'],
      ['Strawberry Jam 340 g', 'jar'],
      ['Arabica Coffee Beans 1 kg', 'jar'],
      ['Extra Virgin Olive Oil 1 L', 'bottle'],
      ['Maple Syrup 250 ml', 'bottle'],
      ['Apple Cider Vinegar 500 ml', 'bottle'],
      ['Sunflower Oil 1 L', 'bottle'],
      ['Green Tea, 100 bags', 'teabox'],
      ['Earl Grey Tea, 50 bags', 'teabox'],
      ['Rooibos Tea, 40 bags', 'teabox'],
      ['Peppermint Tea, 20 bags', 'teabox'],
    ],
    styles: ['Organic', 'Fair Trade', 'Family Pack', 'Everyday'],
    price: [2, 30],
    colours: ['Green', 'Red', 'Navy'],
  },
  'Home & Furniture': {
    items: [
      ['Dining Chair', 'chair'],
      ['Kitchen Chair', 'chair'],
      ['Café Chair', 'chair'],
      ['Desk Chair', 'chair'],
      ['Floor Lamp', 'lamp'],
      ['Desk Lamp', 'lamp'],
      ['Table Lamp', 'lamp'],
      ['Bedside Lamp', 'lamp'],
      ['Stoneware Mug', 'mug'],
      ['Coffee Mug', 'mug'],
      ['Latte Mug', 'mug'],
      ['Tea Mug', 'mug'],
    ],
    styles: ['Oak', 'Walnut', 'Linen', 'Rattan', 'Nordic', 'Industrial'],
    price: [15, 650],
    colours: ['Natural', 'Grey', 'Black'],
    lineColours: true,
  },
  Kids: {
    items: [
      ['Wooden Building Blocks', 'blocks'],
      ['Alphabet Blocks', 'blocks'],
      ['Stacking Blocks', 'blocks'],
      ['Letter Cubes', 'blocks'],
      ['Toy Train Set', 'train'],
      ['Wooden Train', 'train'],
      ['Steam Train Toy', 'train'],
      ['Pull-Along Train', 'train'],
      ['Play Ball', 'ball'],
      ['Soft Football', 'ball'],
      ['Bouncy Ball', 'ball'],
      ['Garden Ball', 'ball'],
    ],
    styles: ['Rainbow', 'Forest', 'Ocean', 'Starry'],
    price: [6, 120],
    colours: ['Red', 'Blue', 'Yellow'],
    lineColours: true,
  },
  Mobiles: {
    items: [
      ['Smartphone 128 GB', 'phone'],
      ['Smartphone 256 GB', 'phone'],
      ['Smartphone 512 GB', 'phone'],
      ['Smartphone 1 TB', 'phone'],
      ['Power Bank 10,000 mAh', 'powerbank'],
      ['Power Bank 20,000 mAh', 'powerbank'],
      ['Slim Power Bank', 'powerbank'],
      ['Fast-Charge Power Bank', 'powerbank'],
      ['Wireless Charger', 'charger'],
      ['Charging Pad', 'charger'],
      ['Fast Wireless Charger', 'charger'],
      ['Travel Wireless Charger', 'charger'],
    ],
    styles: ['Nova X2', 'Orbit 5', 'Pulse Lite', 'Zenith Pro'],
    price: [9, 1199],
    colours: ['Black', 'Silver', 'Blue'],
    lineColours: true,
  },
  'Sports & Fitness': {
    items: [
      ['Football', 'ball'],
      ['Training Ball', 'ball'],
      ['Match Ball', 'ball'],
      ['Futsal Ball', 'ball'],
      ['Running Shoes', 'sneaker'],
      ['Trail Shoes', 'sneaker'],
      ['Training Shoes', 'sneaker'],
      ['Court Shoes', 'sneaker'],
      ['Dumbbell Pair 5 kg', 'dumbbell'],
      ['Adjustable Dumbbells', 'dumbbell'],
      ['Dumbbell Pair 10 kg', 'dumbbell'],
      ['Hex Dumbbell 8 kg', 'dumbbell'],
    ],
    styles: ['Trail', 'Studio', 'Club', 'Pro', 'Junior'],
    price: [7, 260],
    colours: ['Black', 'Blue', 'Orange'],
    lineColours: true,
    sizes: ['S', 'M', 'L'],
  },
};
const tags = ['New arrival', 'Best seller', 'Gift idea', 'Eco friendly', 'Limited edition', 'Sale'];

const sellerStores = [
  ['Marta Lindqvist', 'Nordic Living', 'Stockholm, Sweden'],
  ['Tomás Herrera', 'Casa Herrera', 'Seville, Spain'],
  ['Aiko Tanaka', 'Kobe Electronics', 'Osaka, Japan'],
  ['Daniel Okafor', 'Lagos Gadget Hub', 'Lagos, Nigeria'],
  ['Sophie Martin', 'Maison Martin', 'Lyon, France'],
  ['Liam O’Connor', 'Harbour Outfitters', 'Cork, Ireland'],
  ['Priya Raman', 'Spice Route Grocers', 'Chennai, India'],
  ['Jonas Becker', 'Becker Sport', 'Munich, Germany'],
  ['Chloe Nguyen', 'Little Sprouts', 'Melbourne, Australia'],
  ['Rafael Costa', 'Costa Mobile', 'Porto, Portugal'],
  ['Emma Visser', 'Page & Paper', 'Utrecht, Netherlands'],
  ['Omar Haddad', 'Cedar Home', 'Beirut, Lebanon'],
] as const;

const firstNames = [
  'Alice',
  'Ben',
  'Carla',
  'David',
  'Eva',
  'Felix',
  'Grace',
  'Hugo',
  'Isla',
  'Jamal',
  'Keiko',
  'Leo',
  'Maya',
  'Nico',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wen',
  'Yara',
  'Zoe',
];
const lastNames = [
  'Andersen',
  'Brown',
  'Castro',
  'Dubois',
  'Eriksen',
  'Fischer',
  'Gomez',
  'Hansen',
  'Ivanova',
  'Jensen',
  'Kim',
  'Lopez',
  'Meyer',
  'Nowak',
  'Ortiz',
  'Patel',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Weber',
];
const places = [
  ['Denmark', 'Copenhagen', '+45'],
  ['United Kingdom', 'Leeds', '+44'],
  ['Spain', 'Valencia', '+34'],
  ['France', 'Nantes', '+33'],
  ['Germany', 'Hamburg', '+49'],
  ['Italy', 'Turin', '+39'],
  ['United States', 'Portland', '+1'],
  ['Canada', 'Ottawa', '+1'],
  ['Japan', 'Sapporo', '+81'],
  ['Brazil', 'Curitiba', '+55'],
] as const;
const streets = [
  'Harbour Street',
  'Mill Lane',
  'Station Road',
  'Park Avenue',
  'Church Street',
  'Market Square',
  'Riverside',
  'Orchard Way',
];

/** A price inside the range, ending the way shop prices do. */
const priceIn = (random: Random, [low, high]: [number, number]) =>
  `${random.int(low, high)}.${random.pick(['99', '99', '49', '95', '00'])}`;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** How an order got to its status: the steps of its timeline after Pending. */
const paths: Record<OrderStatus, OrderStatus[]> = {
  Pending: [],
  Inprogress: ['Inprogress'],
  Pickups: ['Inprogress', 'Pickups'],
  Delivered: ['Inprogress', 'Pickups', 'Delivered'],
  Returned: ['Inprogress', 'Pickups', 'Delivered', 'Returned'],
  Cancelled: ['Cancelled'],
};
const statusWeights: [OrderStatus, number][] = [
  ['Delivered', 40],
  ['Pending', 14],
  ['Inprogress', 14],
  ['Pickups', 10],
  ['Cancelled', 12],
  ['Returned', 10],
];
function pickStatus(random: Random): OrderStatus {
  let roll = random.int(1, 100);
  for (const [status, weight] of statusWeights) {
    roll -= weight;
    if (roll <= 0) return status;
  }
  return 'Delivered';
}

/**
 * The demo shop: 12 sellers, 324 products over the categories, 50 customers and 200 orders with
 * their lines and status timelines. Stock and each product's order count agree with the orders,
 * and every total is what the server would compute.
 */
export async function seedEcommerce(db: Database, actorId: string, staffIds: string[]) {
  const random = createRandom(ECOMMERCE_SEED);
  const audit = { createdBy: actorId, updatedBy: actorId };

  const sellerRows = sellerStores.map(([name, company, location], i) => ({
    id: randomUUID(),
    name,
    company,
    email: `${company.toLowerCase().replace(/[^a-z]+/g, '.')}@shops.example`,
    phone: `+${random.int(30, 49)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
    location,
    joinedDate: isoDay(TODAY - (900 - i * 60) * DAY),
    ...audit,
  }));
  await insertMany(db, sellers, sellerRows);

  const categories = Object.keys(catalogue) as Category[];
  /** What each product's photos show (stored by seedProductPhotos). */
  const pictures: ProductPictures[] = [];
  const productRows = categories.flatMap((category, c) => {
    const { items, styles, price, colours } = catalogue[category];
    // Each item in 3 of the category's styles: 36 products a category, no two named alike.
    return items.flatMap(([item, picture], i) =>
      [0, 1, 2].map((k) => {
        const style = styles[(i + k * 2) % styles.length] ?? '';
        const published = random.next() > 0.12;
        const ratingCount = published ? random.int(0, 1200) : 0;
        const createdAt = new Date(TODAY - random.int(5, 420) * DAY - random.int(0, 86_399) * 1000);
        // One to three pictures: the product in the colours it comes in, the first the main one
        // (in the colour its style names, when it comes in it: a "Navy" shirt is navy). Three
        // colours a category keep the distinct photos (rendered at first start) few.
        const main = random.pick(colours);
        const named = colours.find((colour) => colour === style);
        const gallery = [...new Set([named ?? main, random.pick(colours), random.pick(colours)])];
        const id = randomUUID();
        const name = `${style} ${item}`;
        pictures.push({ id, name, kind: picture, colours: gallery });
        return {
          id,
          name,
          description: `${style} ${item.toLowerCase()} from our ${category.toLowerCase()} range.`,
          category,
          categories: random.next() > 0.5 ? [random.pick(tags)] : [],
          price: priceIn(random, price),
          stock: random.next() > 0.9 ? random.int(0, 3) : random.int(8, 400),
          type: published ? 'published' : 'unpublished',
          rating: ratingCount === 0 ? '0' : (random.int(30, 50) / 10).toFixed(1),
          ratingCount,
          publishedDate: published ? new Date(createdAt.getTime() + random.int(0, 3) * DAY) : null,
          sellerId: (sellerRows[(c + (i % 3) * 4 + k) % sellerRows.length] ?? sellerRows[0])?.id ?? null,
          ordersCount: 0,
          createdAt,
          updatedAt: createdAt,
          ...audit,
        };
      }),
    );
  });

  const customerRows = Array.from({ length: 50 }, (_, i) => {
    const first = firstNames[i % firstNames.length] ?? 'Alex';
    const last = lastNames[(i * 7 + Math.floor(i / firstNames.length)) % lastNames.length] ?? 'Doe';
    const [country, city, dial] = random.pick(places);
    const joined = TODAY - random.int(30, 700) * DAY;
    return {
      id: randomUUID(),
      name: `${first} ${last}`,
      email: `${first}.${last}${i >= firstNames.length ? i : ''}@mail.example`.toLowerCase(),
      phone: `${dial} ${random.int(200, 999)} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
      address: `${random.int(1, 180)} ${random.pick(streets)}, ${city}`,
      country,
      joiningDate: isoDay(joined),
      status: random.next() > 0.9 ? 'Block' : 'Active',
      createdAt: new Date(joined),
      updatedAt: new Date(joined),
      ...audit,
    };
  });
  await insertMany(db, customers, customerRows);

  const onSale = productRows.filter((p) => p.type === 'published');
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const eventRows: (typeof orderEvents.$inferInsert)[] = [];
  // Oldest first, so that order numbers grow with the dates.
  const placed = Array.from(
    { length: 200 },
    () => TODAY - random.int(1, 240) * DAY - random.int(0, 86_399) * 1000,
  ).sort((a, b) => a - b);
  for (const at of placed) {
    const id = randomUUID();
    const customer = random.pick(customerRows);
    const status = pickStatus(random);
    const chosen = [...new Set(Array.from({ length: random.int(1, 4) }, () => random.pick(onSale)))];
    const lines = chosen.map((product, position) => {
      const { colours, lineColours, sizes } = catalogue[product.category];
      const quantity = random.int(1, 3);
      return {
        id: randomUUID(),
        orderId: id,
        position,
        productId: product.id,
        sellerId: product.sellerId,
        name: product.name,
        category: product.category,
        color: lineColours ? random.pick(colours) : '',
        size: sizes ? random.pick(sizes) : '',
        price: product.price,
        quantity,
        total: fromScaled(toScaled(product.price, 2) * BigInt(quantity), 2),
        createdAt: new Date(at),
        updatedAt: new Date(at),
        ...audit,
      };
    });
    if (stockHoldingStatuses.includes(status)) for (const p of chosen) p.ordersCount += 1;
    const goods = lines.reduce((sum, l) => sum + toScaled(l.total, 2), 0n);
    const discount = random.next() > 0.8 && goods > 5000n ? random.pick(['5.00', '10.00']) : '0';
    const steps = paths[status];
    const updated = new Date(at + steps.length * DAY);
    orderRows.push({
      id,
      customerId: customer.id,
      customerName: customer.name,
      status,
      paymentMethod: random.pick(paymentMethods),
      ...orderTotals(lines, discount),
      createdAt: new Date(at),
      updatedAt: updated,
      ...audit,
    });
    lineRows.push(...lines);
    let when = at;
    for (const step of ['Pending' as const, ...steps]) {
      eventRows.push({
        orderId: id,
        status: step,
        at: new Date(when),
        actorId: random.pick(staffIds),
        ...audit,
      });
      when += random.int(6, 40) * 3_600_000;
    }
  }
  await insertMany(db, products, productRows);
  await insertMany(db, orders, orderRows);
  await insertMany(db, orderLines, lineRows);
  await insertMany(db, orderEvents, eventRows);
  return { pictures };
}
