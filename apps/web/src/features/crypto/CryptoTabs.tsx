import { AreaTabs } from '../../components/AreaTabs';
import { cryptoArea } from './area';

/** The crypto pages, one tab each. */
export function CryptoTabs() {
  return <AreaTabs ns="crypto" label="tabs.label" pages={cryptoArea.pages} />;
}
