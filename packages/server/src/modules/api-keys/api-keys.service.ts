import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, type CreateApiKeyInput, type CreatedApiKey } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { activeKeysOfAccount, insertApiKey, revokeApiKey, type ApiKeyRow } from './api-keys.repo.js';

/** `wf_` and 32 random bytes, base64url: recognisable, and as strong as a login token. */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    hint: row.hint,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** `POST /api-keys`: the key is in this answer and nowhere else; only its hash is stored. */
export async function createApiKey(ctx: AppContext, actor: Actor, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const key = newApiKey();
  const row = await insertApiKey(ctx.db, {
    accountId: actor.accountId,
    name: input.name,
    scopes: input.scopes,
    keyHash: hashToken(key),
    hint: key.slice(-4),
    createdBy: actor.userId,
    createdAt: ctx.clock.now(),
  });
  return { id: row.id, name: row.name, scopes: row.scopes, key, created_at: row.createdAt.toISOString() };
}

/** `GET /api-keys`: the practice's keys, without the keys. */
export async function listApiKeys(ctx: AppContext, actor: Actor): Promise<ApiKey[]> {
  return (await activeKeysOfAccount(ctx.db, actor.accountId)).map(presentApiKey);
}

/** `DELETE /api-keys/{id}`: the key's next request is refused (nothing caches keys); another practice's id is 404. */
export async function deleteApiKey(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!(await revokeApiKey(ctx.db, actor.accountId, id, ctx.clock.now()))) throw new AppError('NOT_FOUND');
}
