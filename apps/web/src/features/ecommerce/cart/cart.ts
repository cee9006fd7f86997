import { orderTotals, type ProductRecord } from '@ledgerdesk/contracts';
import { useLocalStorage } from '@mantine/hooks';

/** A line of the cart: what the product was when it was put there (the server prices the order). */
export interface CartLine {
  productId: string;
  name: string;
  price: string;
  image: string | null;
  quantity: number;
  color: string;
  size: string;
}

/**
 * The cart, kept in this browser (it is a scratch list until checkout creates the order). Adding a
 * product already there adds to its quantity.
 */
export function useCart() {
  // Read at once, not after the first render: the checkout page leaves for the cart when it is empty.
  const [lines, setLines] = useLocalStorage<CartLine[]>({
    key: 'ledgerdesk.cart',
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    add(product: ProductRecord, quantity = 1) {
      setLines((current) => {
        const found = current.find((line) => line.productId === product._id);
        if (found) {
          return current.map((line) =>
            line === found ? { ...line, quantity: Math.min(999, line.quantity + quantity) } : line,
          );
        }
        const line: CartLine = {
          productId: product._id,
          name: product.name,
          price: product.price,
          image: product.image,
          quantity,
          color: '',
          size: '',
        };
        return [...current, line];
      });
    },
    change(productId: string, changes: Partial<Pick<CartLine, 'quantity' | 'color' | 'size'>>) {
      setLines((current) =>
        current.map((line) => (line.productId === productId ? { ...line, ...changes } : line)),
      );
    },
    /** The product's price now (checkout was refused because it changed since it was added). */
    reprice(productId: string, price: string) {
      setLines((current) =>
        current.map((line) => (line.productId === productId ? { ...line, price } : line)),
      );
    },
    remove(productId: string) {
      setLines((current) => current.filter((line) => line.productId !== productId));
    },
    clear() {
      setLines([]);
    },
  };
}

/** What the cart would cost: the contract's own arithmetic, on the prices seen when added. */
export const cartTotals = (lines: CartLine[]) => orderTotals(lines, '0');
