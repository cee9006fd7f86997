import type { RouteObject } from 'react-router';
import { lazyRoute } from '../components/lazy-route';
import { RouteError } from '../components/RouteError';
import { areaRoutes } from '../resources/routes';
import { areas } from './areas';

/** The pages inside the shell: every registered area's, and the not-found page for any other address. */
export const shellRoutes: RouteObject[] = [
  ...areas.flatMap(areaRoutes),
  { path: '*', errorElement: <RouteError />, lazy: lazyRoute(() => import('./pages/NotFoundPage')) },
];
