import { AreaTabs } from '../../components/AreaTabs';
import { ecommerceArea } from './area';

/** The shop's lists and its cart, one tab each (its registered pages; the cart only with ecommerce.manage). */
export function EcommerceTabs() {
  return (
    <AreaTabs
      ns="ecommerce"
      label="tabs.label"
      pages={ecommerceArea.pages.filter((page) => page.listed !== false)}
    />
  );
}
