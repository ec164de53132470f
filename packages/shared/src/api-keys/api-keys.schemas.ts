import { z } from 'zod';

/**
 * What an API key may do (docs/api.md#scopes). Each route a key may call names
 * one of these in the server's scope table (platform/api-scopes.ts); a route not in it is never
 * open to a key. `patients:read` is not a route's scope: it decides whether answers to the key
 * carry names and contact data.
 */
export const API_SCOPES = ['tickets:read', 'tickets:write', 'appointments:read', 'appointments:write', 'patients:read', 'reports:read', 'webhooks:manage', 'fhir'] as const;
export const ApiScope = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof ApiScope>;

/** Every key begins with it, so that a leaked one is recognised (secret scanners, logs). */
export const API_KEY_PREFIX = 'wf_';
export const API_KEY_NAME_MAX_LENGTH = 100;

/** `POST /api-keys` (admins): a name people recognise it by, and at least one scope (each once). */
export const CreateApiKeyInput = z.strictObject({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX_LENGTH),
  scopes: z
    .array(ApiScope)
    .min(1)
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'INVALID_VALUE'),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

/** A key as `GET /api-keys` lists it: never the key itself, only its last characters (`hint`). */
export const ApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(ApiScope),
  /** The key's last four characters, so that a person can tell which key a system holds. */
  hint: z.string(),
  created_at: z.string(),
  /** Null: never used. Written at most once a minute. */
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** The 201 of `POST /api-keys`: the only answer that carries `key` — it is stored as a hash. */
export const CreatedApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(ApiScope),
  key: z.string().startsWith(API_KEY_PREFIX),
  created_at: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
