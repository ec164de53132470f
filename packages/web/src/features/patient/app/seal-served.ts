import { sealBody, SealingKeyMismatch, type SealBodyOptions, type SealingKey } from '@wartefrei/shared';
import { expectedKeyTag } from './key-tag';

// Apart from key-tag.ts, which every patient page loads at start: only the pages that seal load the crypto.
/**
 * A patient page's body as sent: sealed for the served key (null: the practice does not encrypt)
 * and checked against the `k` the page was opened with. A page opened with `k` sends nothing
 * when no key is served at all either: a server that claims the practice stopped encrypting
 * would otherwise get the names in the clear (a practice that switches encryption off prints
 * its QR codes anew). Throws SealingKeyMismatch; without `k` it seals (or not) as served.
 */
export async function sealForServedKey(
  body: Record<string, unknown>,
  key: SealingKey | null | undefined,
  options: Omit<SealBodyOptions, 'expectedTag'>,
): Promise<Record<string, unknown>> {
  const expectedTag = expectedKeyTag();
  if (!key) {
    if (expectedTag) throw new SealingKeyMismatch();
    return body;
  }
  return sealBody(body, key, { ...options, expectedTag });
}
