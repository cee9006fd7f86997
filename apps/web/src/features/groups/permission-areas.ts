import { type Permission, permissions } from '@ledgerdesk/contracts';
import { i18n } from '../../i18n';

export interface PermissionArea {
  area: string;
  permissions: { permission: Permission; level: string }[];
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The permissions of the contracts, grouped by area (an area added there shows up here). */
export const permissionAreas: PermissionArea[] = (() => {
  const byArea = new Map<string, PermissionArea>();
  for (const permission of permissions) {
    const [area = permission, level = ''] = permission.split('.');
    const entry = byArea.get(area) ?? { area, permissions: [] };
    entry.permissions.push({ permission, level });
    byArea.set(area, entry);
  }
  return [...byArea.values()];
})();

/** "Users", "Code library"; an area the catalogue does not name yet shows its own name. */
export function areaLabel(area: string): string {
  return i18n.t(`groups:areas.${area}`, { defaultValue: capitalize(area) });
}

/** "View", "Manage". */
export function levelLabel(level: string): string {
  return i18n.t(`groups:levels.${level}`, { defaultValue: capitalize(level) });
}

/** "Users: view", for a permission's accessible name and a tooltip. */
export function permissionLabel(permission: Permission): string {
  const [area = permission, level = ''] = permission.split('.');
  return i18n.t('groups:permissionName', { area: areaLabel(area), level: levelLabel(level).toLowerCase() });
}
