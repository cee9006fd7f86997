import type { Permission, WidgetKind } from '@ledgerdesk/contracts';
import type { WidgetDefinition } from './widgets';

/**
 * SCAFFOLDING, to be removed before issue 11 lands: a widget whose query is not written yet. It is
 * left out for everyone; every one must be replaced.
 */
export function notBuilt<K extends WidgetKind>(_needs: readonly Permission[]): WidgetDefinition<K> {
  return {
    needs: [],
    notBuilt: true,
    compute() {
      throw new Error('not built');
    },
  };
}
