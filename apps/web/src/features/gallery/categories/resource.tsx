import {
  type GalleryCategoryInput,
  type GalleryCategoryRecord,
  galleryCategoryInput,
  galleryCategoryInputOf,
} from '@ledgerdesk/contracts';
import { ResourceListPage } from '../../../resources/ResourceListPage';
import type { ResourceDefinition, ResourceModule } from '../../../resources/types';
import { categoriesPage } from '../area';
import { GalleryTabs } from '../GalleryTabs';

/** The gallery's categories: a name, and how many images are filed under it. */
export const categories: ResourceDefinition<GalleryCategoryRecord, GalleryCategoryInput> = {
  ns: 'gallery/categories',
  api: '/gallery/categories',
  route: categoriesPage.path,
  area: 'gallery',
  keyOf: (category) => category.id,
  titleOf: (category) => category.name,
  columns: [
    { id: 'name', sortable: true },
    { id: 'images', align: 'right' },
  ],
  input: galleryCategoryInput,
  fields: [{ name: 'name', kind: 'text', required: true }],
  emptyValues: { name: '' },
  toInput: galleryCategoryInputOf,
};

export const resource: ResourceModule['resource'] = categories;

export function ListPage() {
  return (
    <ResourceListPage def={categories}>
      <GalleryTabs />
    </ResourceListPage>
  );
}
