import type { RouteObject } from 'react-router';
import { areaRoutes } from '../resources/routes';
import { areas } from './areas';

/** The pages inside the shell: every registered area's (any other address is the not-found page, app/router.tsx). */
export const shellRoutes: RouteObject[] = areas.flatMap(areaRoutes);
