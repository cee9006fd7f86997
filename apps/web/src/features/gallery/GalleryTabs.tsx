import { AreaTabs } from '../../components/AreaTabs';
import { galleryArea } from './area';

/** The images and their categories, one tab each. */
export function GalleryTabs() {
  return <AreaTabs ns="gallery" label="tabs.label" pages={galleryArea.pages} />;
}
