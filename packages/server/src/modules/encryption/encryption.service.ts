import {
  fingerprint,
  type EnableEncryptionInput,
  type EncryptionState,
  type KeyExchange,
  type SealingKey,
  type UserKeyInput,
  type WrappedAccountKeyInput,
} from '@wartefrei/shared';
import type { Queryable, Transaction } from '../../db/connect.js';
import { isUuid, type Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit, whoOf } from '../audit/index.js';
import {
  decideExchange,
  dropKeysOfUser,
  endLiveExchanges,
  findAccountKey,
  findExchangeInAccount,
  findLiveExchange,
  findUserKey,
  insertAccountKey,
  insertExchange,
  liveExchangesOfAccount,
  upsertUserKey,
  type AccountKeyRow,
} from './encryption.repo.js';
import { announceSealingKeyChange } from './announce.js';
import { mailKeyReplaced } from './key-replaced-mail.js';

/*
 * The key exchange of end-to-end encryption (docs/security.md#encryption). Every key is made,
 * wrapped and unwrapped in a browser; here only public keys and wrapped blobs are kept and
 * handed to whom they belong. The rules: one live request or grant per user; only an admin who
 * holds the account key approves; a user's new key, password reset or removal ends their access.
 */

/** Whether the account seals for its key: there is one, and switching off has not begun. */
const sealsFor = (account: AccountKeyRow | undefined): account is AccountKeyRow => account !== undefined && account.disabledAt === null;

/** `GET /encryption`: the account's state and what the caller holds. While switching off the key is still named: the browser that finishes unlocks it. */
export async function encryptionState(ctx: AppContext, actor: Actor): Promise<EncryptionState> {
  const [account, mine, access] = await Promise.all([findAccountKey(ctx.db, actor.accountId), findUserKey(ctx.db, actor.userId), findLiveExchange(ctx.db, actor.userId)]);
  return {
    enabled: sealsFor(account),
    switching_off: account !== undefined && account.disabledAt !== null,
    key_id: account?.keyId ?? null,
    public_key: account?.publicKey ?? null,
    my_key: mine
      ? {
          public_key: mine.publicKey,
          wrapped_private_key: mine.wrappedPrivateKey,
          // Kept for older clients only (deprecated in the contract): browsers derive it from the key they unlocked.
          fingerprint: await fingerprint(mine.publicKey),
          set_at: mine.createdAt.toISOString(),
          replaced_at: mine.replacedAt?.toISOString() ?? null,
        }
      : null,
    my_access: access ? { status: access.status, wrapped_account_key: access.wrappedAccountKey } : null,
  };
}

/**
 * `PUT /encryption/my-key`: a new key pair of the caller; access granted to the old one ends with it.
 * Replacing a key is the first step of a stolen session (docs/security.md#encryption): the user
 * gets a mail, and the admins' approval list shows when it happened.
 */
export async function setMyKey(ctx: AppContext, actor: Actor, input: UserKeyInput, address: string): Promise<EncryptionState> {
  const replaced = await ctx.db.transaction(async (tx) => {
    const old = await findUserKey(tx, actor.userId);
    const isNew = old !== undefined && old.publicKey !== input.public_key;
    if (isNew) await endLiveExchanges(tx, actor.userId);
    const now = ctx.clock.now();
    await upsertUserKey(tx, {
      userId: actor.userId,
      accountId: actor.accountId,
      publicKey: input.public_key,
      wrappedPrivateKey: input.wrapped_private_key,
      createdAt: old && !isNew ? old.createdAt : now,
      replacedAt: isNew ? now : (old?.replacedAt ?? null),
    });
    await recordAudit(ctx, tx, whoOf(actor, address), 'encryption.key', { type: 'user', id: actor.userId });
    return isNew;
  });
  if (replaced) await mailKeyReplaced(ctx, actor.userId);
  return encryptionState(ctx, actor);
}

/** The caller's own key, required before they can hold the account key. */
async function ownKey(tx: Transaction, actor: Actor) {
  const key = await findUserKey(tx, actor.userId);
  if (!key) throw new AppError('ENCRYPTION_KEY_MISSING');
  return key;
}

/** Grants the caller the account key wrapped for their own key (switching on, recovering). */
async function grantSelf(ctx: AppContext, tx: Transaction, actor: Actor, wrappedAccountKey: string): Promise<void> {
  const key = await ownKey(tx, actor);
  await endLiveExchanges(tx, actor.userId);
  const now = ctx.clock.now();
  await insertExchange(tx, {
    accountId: actor.accountId,
    userId: actor.userId,
    publicKey: key.publicKey,
    status: 'APPROVED',
    wrappedAccountKey,
    decidedBy: actor.userId,
    decidedAt: now,
    createdAt: now,
  });
}

/** `POST /encryption/enable` (admins): the account's key pair, made in the caller's browser. */
export async function enableEncryption(ctx: AppContext, actor: Actor, input: EnableEncryptionInput, address: string): Promise<EncryptionState> {
  await ctx.db.transaction(async (tx) => {
    await ownKey(tx, actor);
    // The browser names the key id: its own grant (wf2k) is bound to it before anything is stored.
    const created = await insertAccountKey(tx, {
      ...(input.key_id ? { keyId: input.key_id } : {}),
      accountId: actor.accountId,
      publicKey: input.public_key,
      recoveryWrappedKey: input.recovery_wrapped_key,
      createdBy: actor.userId,
      createdAt: ctx.clock.now(),
    });
    if (!created) throw new AppError('ENCRYPTION_ALREADY_ON');
    await grantSelf(ctx, tx, actor, input.wrapped_account_key);
    await recordAudit(ctx, tx, whoOf(actor, address), 'encryption.enable', { type: 'account', id: actor.accountId });
  });
  await announceSealingKeyChange(ctx, actor.accountId);
  return encryptionState(ctx, actor);
}

/** `POST /encryption/requests`: the caller asks for the account key with their public key (again: the same request). */
export async function requestAccess(ctx: AppContext, actor: Actor, address: string): Promise<EncryptionState> {
  await ctx.db.transaction(async (tx) => {
    if (!sealsFor(await findAccountKey(tx, actor.accountId))) throw new AppError('ENCRYPTION_OFF');
    const key = await ownKey(tx, actor);
    if (await findLiveExchange(tx, actor.userId)) return;
    await insertExchange(tx, { accountId: actor.accountId, userId: actor.userId, publicKey: key.publicKey, createdAt: ctx.clock.now() });
    await recordAudit(ctx, tx, whoOf(actor, address), 'key.request', { type: 'user', id: actor.userId });
  });
  return encryptionState(ctx, actor);
}

/** `GET /encryption/requests` (admins): live requests and grants, each with its key's fingerprint. */
export async function listExchanges(ctx: AppContext, actor: Actor): Promise<KeyExchange[]> {
  const rows = await liveExchangesOfAccount(ctx.db, actor.accountId);
  return Promise.all(
    rows.map(async ({ exchange, userName, keySetAt, keyReplacedAt }) => ({
      id: exchange.id,
      user_id: exchange.userId,
      user_name: userName,
      public_key: exchange.publicKey,
      // Kept for older clients only (deprecated in the contract): the admin's browser computes it from public_key.
      fingerprint: await fingerprint(exchange.publicKey),
      key_set_at: keySetAt?.toISOString() ?? null,
      key_replaced_at: keyReplacedAt?.toISOString() ?? null,
      status: exchange.status,
      created_at: exchange.createdAt.toISOString(),
      decided_at: exchange.decidedAt?.toISOString() ?? null,
    })),
  );
}

/** `POST /encryption/requests/{id}/approve|reject` (admins): only one who holds the account key decides. */
export async function decideRequest(
  ctx: AppContext,
  actor: Actor,
  id: string,
  decision: { approve: true; input: WrappedAccountKeyInput } | { approve: false },
  address: string,
): Promise<KeyExchange[]> {
  await ctx.db.transaction(async (tx) => {
    const request = isUuid(id) ? await findExchangeInAccount(tx, actor.accountId, id) : undefined;
    if (!request) throw new AppError('NOT_FOUND');
    if ((await findLiveExchange(tx, actor.userId))?.status !== 'APPROVED') throw new AppError('ENCRYPTION_NO_ACCESS');
    const decided = await decideExchange(tx, request.id, {
      status: decision.approve ? 'APPROVED' : 'REJECTED',
      wrappedAccountKey: decision.approve ? decision.input.wrapped_account_key : null,
      decidedBy: actor.userId,
      decidedAt: ctx.clock.now(),
    });
    if (!decided) throw new AppError('KEY_REQUEST_DECIDED');
    await recordAudit(ctx, tx, whoOf(actor, address), decision.approve ? 'key.approve' : 'key.reject', { type: 'user', id: request.userId });
  });
  return listExchanges(ctx, actor);
}

/** `GET /encryption/recovery` (admins): the account key under the recovery code, to open in the browser. */
export async function recoveryKey(ctx: AppContext, actor: Actor): Promise<{ recovery_wrapped_key: string }> {
  const account = await findAccountKey(ctx.db, actor.accountId);
  if (!account) throw new AppError('ENCRYPTION_OFF');
  return { recovery_wrapped_key: account.recoveryWrappedKey };
}

/** `POST /encryption/recover` (admins): the account key, opened with the recovery code, now for the caller's key. */
export async function recoverAccess(ctx: AppContext, actor: Actor, input: WrappedAccountKeyInput, address: string): Promise<EncryptionState> {
  await ctx.db.transaction(async (tx) => {
    if (!(await findAccountKey(tx, actor.accountId))) throw new AppError('ENCRYPTION_OFF');
    await grantSelf(ctx, tx, actor, input.wrapped_account_key);
    await recordAudit(ctx, tx, whoOf(actor, address), 'key.recover', { type: 'user', id: actor.userId });
  });
  return encryptionState(ctx, actor);
}

/** A password reset (lent to accounts at start-up): the user's key was under the old passphrase. */
export async function dropKeysOnPasswordReset(tx: Transaction, userId: string): Promise<void> {
  await dropKeysOfUser(tx, userId);
}

/**
 * A removed (deactivated) staff member: their key pair and any request or grant of the practice
 * key go with their access, so no wrapped copy of the practice key waits for a user who is gone.
 */
export async function dropKeysOfRemovedUser(tx: Transaction, userId: string): Promise<void> {
  await dropKeysOfUser(tx, userId);
}

/**
 * Whether the account seals patient data (for the booking paths above this module): then names,
 * birth date, insurance number and description arrive only sealed (docs/security.md#encryption).
 */
export async function accountSeals(q: Queryable, accountId: string): Promise<boolean> {
  return sealsFor(await findAccountKey(q, accountId));
}

/** The key a patient's browser seals for, while the account encrypts (public views above this module). */
export async function sealingKeyOf(q: Queryable, accountId: string): Promise<SealingKey | null> {
  const key = await findAccountKey(q, accountId);
  return sealsFor(key) ? { key_id: key.keyId, public_key: key.publicKey } : null;
}
