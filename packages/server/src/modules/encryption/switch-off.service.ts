import type { EncryptionState, SealedBatch, UnsealInput } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit, whoOf } from '../audit/index.js';
import { encryptionState } from './encryption.service.js';
import { countSealed, dropAccountKey, lockAccountKey, markSwitchingOff, ownsRecords, sealedRecords, unsealRecord } from './sealed.repo.js';
import { announceSealingKeyChange } from './announce.js';

/*
 * Switching encryption off happens in an admin's browser, which holds the key. First the switch
 * itself (`POST /encryption/disable`): from then on nothing is sealed, and only then does the
 * server take records back in the clear — never while encryption is on, so one admin session
 * cannot quietly decrypt a practice that believes itself encrypted. The browser then fetches the
 * sealed records a batch at a time, opens them and writes them back; the key stays, so a switch-off
 * cut short (a closed tab) is finished later, and goes with the call that finds nothing sealed.
 * Reading and writing back also work once it is off, so that a draw sealed in the moment of the
 * switch is still opened by the same browser's last pass.
 */

const BATCH = 200;

/** `GET /encryption/sealed` (admins): the next sealed records and how many there are. */
export async function sealedBatch(ctx: AppContext, actor: Actor): Promise<SealedBatch> {
  const [records, remaining] = await Promise.all([sealedRecords(ctx.db, actor.accountId, BATCH), countSealed(ctx.db, actor.accountId)]);
  return { records, remaining };
}

/**
 * `POST /encryption/unseal` (admins, while switching off or off): opened records back in the
 * clear; answers how many were written. Refused while encryption is on; a foreign id is a 404.
 */
export async function unsealRecords(ctx: AppContext, actor: Actor, input: UnsealInput, address: string): Promise<{ unsealed: number }> {
  const now = ctx.clock.now();
  const unsealed = await ctx.db.transaction(async (tx) => {
    // Under the key row's lock: a switch-off that has not begun cannot begin half-way through, nor the reverse.
    if ((await lockAccountKey(tx, actor.accountId)) === 'on') throw new AppError('ENCRYPTION_ON');
    if (!(await ownsRecords(tx, actor.accountId, input.records))) throw new AppError('NOT_FOUND');
    let written = 0;
    for (const record of input.records) {
      if (await unsealRecord(tx, actor.accountId, record.kind, record.id, record.sealed_data, record.fields, now)) written++;
    }
    if (written > 0) await recordAudit(ctx, tx, whoOf(actor, address), 'encryption.unseal', { type: 'account', id: actor.accountId }, { records: written });
    return written;
  });
  return { unsealed };
}

/**
 * `POST /encryption/disable` (admins): while on, switching off begins — nothing is sealed from now
 * on, and the records still sealed may be written back; while switching off, the account's key and
 * its grants go once nothing is sealed any more (`ENCRYPTION_SEALED_LEFT` before). Either way the
 * key goes at once when nothing is sealed.
 */
export async function disableEncryption(ctx: AppContext, actor: Actor, address: string): Promise<EncryptionState> {
  const began = await ctx.db.transaction(async (tx) => {
    const state = await lockAccountKey(tx, actor.accountId);
    if (!state) throw new AppError('ENCRYPTION_OFF');
    const sealed = await countSealed(tx, actor.accountId);
    if (state === 'on') {
      await markSwitchingOff(tx, actor.accountId, ctx.clock.now());
      await recordAudit(ctx, tx, whoOf(actor, address), 'encryption.disable', { type: 'account', id: actor.accountId }, { records: sealed });
    } else if (sealed > 0) {
      throw new AppError('ENCRYPTION_SEALED_LEFT');
    }
    if (sealed === 0) await dropAccountKey(tx, actor.accountId);
    return state === 'on';
  });
  // The key to seal for is gone from the public views: pages refetch and send in the clear.
  if (began) await announceSealingKeyChange(ctx, actor.accountId);
  return encryptionState(ctx, actor);
}
