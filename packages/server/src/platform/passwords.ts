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
