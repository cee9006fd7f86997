import { randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// The package declares its algorithms as a const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verified against when the account does not exist, so that a wrong email costs the same time
// as a wrong password and the answer's timing does not tell which it was.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** A password for a generated account: 18 URL-safe characters, about 108 bits. */
export function generatePassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}
