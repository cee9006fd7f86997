import { type AreaPage, AreaTabs } from '../../components/AreaTabs';

/** The shop's lists and its cart, one tab each; the cart places orders, so only with ecommerce.manage. */
export const ecommercePages = [
  { path: '/apps/ecommerce/products', label: 'tabs.products' },
  { path: '/apps/ecommerce/orders', label: 'tabs.orders' },
  { path: '/apps/ecommerce/customers', label: 'tabs.customers' },
  { path: '/apps/ecommerce/sellers', label: 'tabs.sellers' },
  { path: '/apps/ecommerce/cart', label: 'tabs.cart', permission: 'ecommerce.manage' },
] as const satisfies readonly AreaPage[];

export function EcommerceTabs() {
  return <AreaTabs ns="ecommerce" label="tabs.label" pages={ecommercePages} />;
}
