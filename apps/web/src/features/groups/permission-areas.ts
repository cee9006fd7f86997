import { type Permission, permissions } from '@ledgerdesk/contracts';

const areaLabels: Record<string, string> = {
  users: 'Users',
  groups: 'Groups',
  library: 'Code library',
  audit: 'Audit log',
};

const levelLabels: Record<string, string> = { view: 'View', manage: 'Manage' };

export interface PermissionArea {
  area: string;
  label: string;
  permissions: { permission: Permission; label: string }[];
}

function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The permissions of the contracts, grouped by area (an area added there shows up here). */
export const permissionAreas: PermissionArea[] = (() => {
  const byArea = new Map<string, PermissionArea>();
  for (const permission of permissions) {
    const [area = permission, level = ''] = permission.split('.');
    const entry = byArea.get(area) ?? { area, label: areaLabels[area] ?? capitalize(area), permissions: [] };
    entry.permissions.push({ permission, label: levelLabels[level] ?? capitalize(level) });
    byArea.set(area, entry);
  }
  return [...byArea.values()];
})();

/** "Users: view", for a permission's accessible name and a tooltip. */
export function permissionLabel(permission: Permission): string {
  const [area = permission, level = ''] = permission.split('.');
  return `${areaLabels[area] ?? capitalize(area)}: ${level}`;
}
