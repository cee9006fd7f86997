import { Navigate } from 'react-router';
import type { ResourceModule } from '../../resources/types';
import { ApiKeysPage } from './ApiKeysPage';
import { apiKeys } from './definition';

export const resource: ResourceModule['resource'] = apiKeys;
export const ListPage = ApiKeysPage;

/** Keys are made and changed in the list's dialogs (the secret is shown there, once): no form page. */
export function FormPage() {
  return <Navigate to={apiKeys.route} replace />;
}
