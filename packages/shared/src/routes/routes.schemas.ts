import { z } from 'zod';

/**
 * Path segments that public links put after an account, profile or queue identifier
 * (`/{account}/{profile}/{queue}/monitor`, `/kiosk`, ...) and the word `null` that the route
 * resolution API uses for "none named": a profile or queue with such an identifier could never
 * be told apart from them, so they are refused.
 */
export const RESERVED_LOCATION_IDENTIFIERS: ReadonlySet<string> = new Set(['null', 'monitor', 'monitor2', 'monitor3', 'kiosk', 'sunmi_kiosk', 'ticket', 'book']);

/** Whether a sanitised profile or queue identifier collides with a public path word. */
export function isReservedLocationIdentifier(identifier: string): boolean {
  return RESERVED_LOCATION_IDENTIFIERS.has(identifier.toLowerCase());
}

/** An account as public pages name it: id, identifier (the first path segment) and display name. */
export const PublicAccount = z.object({ id: z.uuid(), identifier: z.string(), display_name: z.string() });
export type PublicAccount = z.infer<typeof PublicAccount>;

/** `GET /routes/...`: what a public link points at — ids, identifiers and names only. */
export const ResolvedRoute = z.object({
  account: PublicAccount,
  profile: z.object({ id: z.uuid(), identifier: z.string(), name: z.string() }).nullable(),
  queue: z.object({ id: z.uuid(), identifier: z.string(), name: z.string() }).nullable(),
  /**
   * The account's locations, by name, when the link names none and the account has several
   * (`/{account}` of a practice with more than one site): the page offers them. Else empty.
   */
  profiles: z.array(z.object({ id: z.uuid(), identifier: z.string(), name: z.string() })),
});
export type ResolvedRoute = z.infer<typeof ResolvedRoute>;
