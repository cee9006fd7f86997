import type { Database } from '../db/client';
import { apiKeys } from '../db/schema';
import { newApiKeySecret, storedFormOf } from '../modules/api-keys/service';

/**
 * Two demo keys of the first admin. Their secrets are random and thrown away (only the hashes are
 * stored, as for any key): deterministic secrets would be known to anyone who reads this code.
 */
export async function seedApiKeys(db: Database, adminId: string) {
  const by = { userId: adminId, createdBy: adminId, updatedBy: adminId };
  await db.insert(apiKeys).values([
    {
      name: 'Monthly budget report export',
      ...storedFormOf(newApiKeySecret()),
      status: 'Active',
      expiresAt: new Date(Date.UTC(2027, 11, 31, 23, 59, 59)),
      ...by,
    },
    {
      name: 'Legacy accounting sync',
      ...storedFormOf(newApiKeySecret()),
      status: 'Disable',
      expiresAt: null,
      ...by,
    },
  ]);
}
