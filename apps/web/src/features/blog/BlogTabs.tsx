import { AreaTabs } from '../../components/AreaTabs';
import { blogArea } from './area';

/** Posts, the social page and the videos, one tab each. */
export function BlogTabs() {
  return <AreaTabs ns="blog" label="tabs.label" pages={blogArea.pages} />;
}
