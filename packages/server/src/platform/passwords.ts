import { createHash } from 'node:crypto';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not importable as a value here); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

// OWASP's argon2id minimum (19 MiB, 2 passes): ~25 ms here, costly enough for an offline attack.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// Verified against when the username is unknown, so that timing does not reveal which exist.
const dummyHash = hash('wartefrei-timing-equaliser', OPTIONS);

/** Checks a password; with no stored hash it still spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A password's MD5 as old clients send it: 32 lowercase hex digits. */
export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** What is stored for a password: argon2id of it, and argon2id of its MD5 — never the MD5 itself. */
export interface PasswordHashes {
  passwordHash: string;
  passwordMd5Hash: string;
}

export async function hashPasswords(password: string): Promise<PasswordHashes> {
  const [passwordHash, passwordMd5Hash] = await Promise.all([hashPassword(password), hashPassword(md5Hex(password))]);
  return { passwordHash, passwordMd5Hash };
}

/**
 * Checks a sign-in's secret: the password, or — where docs/product.md#the-api lets old clients
 * hash it first — its MD5 in hex (checked against the stored argon2id of the MD5). A password
 * that itself looks like an MD5 is tried as a password too.
 */
export async function verifySignInSecret(stored: { passwordHash: string | null; passwordMd5Hash: string | null } | undefined, secret: string): Promise<boolean> {
  if (/^[0-9a-fA-F]{32}$/.test(secret) && stored?.passwordMd5Hash && (await verifyPassword(stored.passwordMd5Hash, secret.toLowerCase()))) return true;
  return verifyPassword(stored?.passwordHash, secret);
}
