import { fromBase64Url, toBase64Url } from './encoding.js';

/*
 * The practice key's short fingerprint for links and pins (docs/security.md#encryption): base64url
 * of the first 16 bytes of the SHA-256 of its SubjectPublicKeyInfo, 22 characters. A printed QR
 * code carries it as `#k=…`; the patient's page refuses to seal for a served key that does not
 * match it, and each staff device pins it at the first unlock. It is always computed in the
 * browser from the key bytes in hand, never taken from the server.
 */
export async function keyTag(publicKeyText: string): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', fromBase64Url(publicKeyText)));
  return toBase64Url(digest.subarray(0, 16));
}

/** Whether a text looks like a key tag (a `k` from a URL): anything else counts as no tag. */
export const isKeyTag = (text: string | null | undefined): text is string => typeof text === 'string' && /^[A-Za-z0-9_-]{22}$/.test(text);
