import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverSecrets } from '../../db/schema';

/** What a signed URL opens: the bytes, or the small WebP of an image. */
export type FileVariant = 'content' | 'thumbnail';

const SECRET_NAME = 'file-url-key';
const HOUR = 3600;

/**
 * The key that signs file URLs: made once (by whichever node starts first: the insert of another
 * does nothing) and read back, so that every node signs and checks with the same key.
 */
export async function fileUrlKey(db: Database): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error('the file URL key could not be read back');
  return Buffer.from(row.value, 'hex');
}

/**
 * Signed file URLs, for what cannot send the session header (<img>, <video>, a download link): an
 * HMAC over the file, the variant and the expiry. The expiry is the end of the next hour, so a
 * URL stays the same for an hour (the browser's cache keeps working) and is valid for 1 to 2 hours.
 */
export function createUrlSigner(key: Buffer, now: () => number = Date.now) {
  const signatureOf = (fileId: string, variant: FileVariant, expires: number) =>
    createHmac('sha256', key).update(`${fileId}\n${variant}\n${expires}`).digest('base64url');

  return {
    url(fileId: string, variant: FileVariant): string {
      const expires = (Math.floor(now() / 1000 / HOUR) + 2) * HOUR;
      return `/api/files/${fileId}/${variant}?expires=${expires}&sig=${signatureOf(fileId, variant, expires)}`;
    },
    /** Whether `sig` signs this file and variant until `expires` (a string from the query), not yet past. */
    verify(fileId: string, variant: FileVariant, expires: string, sig: string): boolean {
      if (!/^\d{1,12}$/.test(expires)) return false;
      const at = Number(expires);
      const nowSeconds = now() / 1000;
      if (at <= nowSeconds || at > nowSeconds + 2 * HOUR + 60) return false;
      const expected = Buffer.from(signatureOf(fileId, variant, at));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type UrlSigner = ReturnType<typeof createUrlSigner>;
