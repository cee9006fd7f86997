import type { ReactNode } from 'react';
import { AreaTabs } from '../../components/AreaTabs';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/page-title';
import { useNftLive } from './api';
import { nftArea } from './area';

interface NftPageProps {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Without the area's tabs (an item's page belongs to none of them). */
  tabs?: boolean;
  children: ReactNode;
}

/**
 * Every NFT page: its title (heading and tab title), the area's tabs, and the live bids and sales
 * that keep what it shows current.
 */
export function NftPage({ title, description, actions, tabs = true, children }: NftPageProps) {
  usePageTitle(title);
  useNftLive();
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      {tabs ? (
        <AreaTabs ns="nft" label="tabs.label" pages={nftArea.pages.filter((page) => page.listed !== false)} />
      ) : null}
      {children}
    </>
  );
}
