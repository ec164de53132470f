import type { EncryptionState, SealedBatch, UnsealInput } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit, whoOf } from '../audit/index.js';
import { encryptionState } from './encryption.service.js';
import { countSealed, dropAccountKey, lockAccountKey, ownsRecords, sealedRecords, unsealRecord } from './sealed.repo.js';
import { announceSealingKeyChange } from './announce.js';

/*
 * Switching encryption off happens in an admin's browser, which holds the key: it fetches the
 * sealed records a batch at a time, opens them and writes them back in the clear; then the
 * account's key goes. Both reading and writing back also work once it is off, so that a draw
 * sealed in the moment of the switch is still opened by the same browser's last pass.
 */

const BATCH = 200;

/** `GET /encryption/sealed` (admins): the next sealed records and how many there are. */
export async function sealedBatch(ctx: AppContext, actor: Actor): Promise<SealedBatch> {
  const [records, remaining] = await Promise.all([sealedRecords(ctx.db, actor.accountId, BATCH), countSealed(ctx.db, actor.accountId)]);
  return { records, remaining };
}

/** `POST /encryption/unseal` (admins): opened records back in the clear; answers how many were written. A foreign id is a 404. */
export async function unsealRecords(ctx: AppContext, actor: Actor, input: UnsealInput): Promise<{ unsealed: number }> {
  const now = ctx.clock.now();
  const unsealed = await ctx.db.transaction(async (tx) => {
    if (!(await ownsRecords(tx, actor.accountId, input.records))) throw new AppError('NOT_FOUND');
    let written = 0;
    for (const record of input.records) {
      if (await unsealRecord(tx, actor.accountId, record.kind, record.id, record.sealed_data, record.fields, now)) written++;
    }
    return written;
  });
  return { unsealed };
}

/** `POST /encryption/disable` (admins): once nothing is sealed any more, the account's key and its grants go. */
export async function disableEncryption(ctx: AppContext, actor: Actor, address: string): Promise<EncryptionState> {
  await ctx.db.transaction(async (tx) => {
    if (!(await lockAccountKey(tx, actor.accountId))) throw new AppError('ENCRYPTION_OFF');
    if ((await countSealed(tx, actor.accountId)) > 0) throw new AppError('ENCRYPTION_SEALED_LEFT');
    await dropAccountKey(tx, actor.accountId);
    await recordAudit(ctx, tx, whoOf(actor, address), 'encryption.disable', { type: 'account', id: actor.accountId });
  });
  await announceSealingKeyChange(ctx, actor.accountId);
  return encryptionState(ctx, actor);
}
