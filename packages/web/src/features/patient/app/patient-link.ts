/*
 * The key of a patient's ticket or appointment: the token of their link (docs/security.md#patient-links),
 * never the record's id. 22 or more URL-safe characters; a link sent before links had tokens
 * carried the id, which the server still opens until that visit is over — so a UUID passes too.
 */

const LINK_KEY = /^[A-Za-z0-9_-]{22,64}$/;

/** Whether a path segment can be a link's key (anything else is not asked for at all). */
export const isLinkKey = (value: string): boolean => LINK_KEY.test(value);

/** The key in a `patient_url` (`…/ticket/{key}`, `…/a/{key}`), if it holds one. */
export function linkKeyOf(patientUrl: string | undefined): string | undefined {
  const last = patientUrl?.split(/[?#]/)[0]?.split('/').pop();
  return last && isLinkKey(last) ? last : undefined;
}
