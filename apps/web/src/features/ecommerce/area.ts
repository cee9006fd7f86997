import { IconShoppingCart } from '@tabler/icons-react';
import type { AreaRegistration } from '../../resources/area';

export const productsPage = {
  path: '/apps/ecommerce/products',
  label: 'ecommerce:tabs.products',
  action: 'shell:palette.actions.newProduct',
  resource: () => import('./products/resource'),
};
export const ordersPage = {
  path: '/apps/ecommerce/orders',
  label: 'ecommerce:tabs.orders',
  resource: () => import('./orders/resource'),
};
export const customersPage = {
  path: '/apps/ecommerce/customers',
  label: 'ecommerce:tabs.customers',
  resource: () => import('./customers/resource'),
};
export const sellersPage = {
  path: '/apps/ecommerce/sellers',
  label: 'ecommerce:tabs.sellers',
  resource: () => import('./sellers/resource'),
};
export const cartPage = {
  path: '/apps/ecommerce/cart',
  label: 'ecommerce:tabs.cart',
  // The cart places orders.
  permission: 'ecommerce.manage',
  page: () => import('./cart/CartPage'),
} as const;

/** E-commerce: four lists and the cart, with tabs between them; /apps/ecommerce opens the products. */
export const ecommerceArea: AreaRegistration = {
  path: '/apps/ecommerce',
  label: 'shell:nav.ecommerce',
  icon: IconShoppingCart,
  section: 'apps',
  access: 'ecommerce',
  pages: [
    productsPage,
    ordersPage,
    customersPage,
    sellersPage,
    cartPage,
    {
      path: '/apps/ecommerce/checkout',
      label: 'ecommerce:checkout.title',
      permission: 'ecommerce.manage',
      listed: false,
      page: () => import('./cart/CheckoutPage'),
    },
  ],
};
