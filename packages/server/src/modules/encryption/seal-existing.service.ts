import type { ClearBatch, SealInput } from '@wartefrei/shared';
import type { Actor } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit, whoOf } from '../audit/index.js';
import { accountSeals } from './encryption.service.js';
import { clearRecords, countClear, sealRecord } from './clear.repo.js';
import { lockAccountKey, ownsRecords } from './sealed.repo.js';

/*
 * Switching encryption on seals what comes from then on; what was stored before is sealed by an
 * admin's browser, which needs only the practice's public key: it fetches the records still in
 * the clear a batch at a time, seals them and writes them back (docs/security.md#encryption).
 */

const BATCH = 200;

/** `GET /encryption/clear` (admins, while on): the next records in the clear and how many there are. */
export async function clearBatch(ctx: AppContext, actor: Actor): Promise<ClearBatch> {
  if (!(await accountSeals(ctx.db, actor.accountId))) throw new AppError('ENCRYPTION_OFF');
  const [records, remaining] = await Promise.all([clearRecords(ctx.db, actor.accountId, BATCH), countClear(ctx.db, actor.accountId)]);
  return { records, remaining };
}

/** `POST /encryption/seal` (admins, while on): sealed records stored; answers how many were written. A foreign id is a 404. */
export async function sealRecords(ctx: AppContext, actor: Actor, input: SealInput, address: string): Promise<{ sealed: number }> {
  const now = ctx.clock.now();
  const sealed = await ctx.db.transaction(async (tx) => {
    // Under the key row's lock: a switch-off waits, and counts these as sealed; once it began, nothing is sealed.
    if ((await lockAccountKey(tx, actor.accountId)) !== 'on') throw new AppError('ENCRYPTION_OFF');
    if (!(await ownsRecords(tx, actor.accountId, input.records))) throw new AppError('NOT_FOUND');
    let written = 0;
    for (const record of input.records) {
      if (await sealRecord(tx, actor.accountId, record.kind, record.id, record.fields, record.sealed_data, now)) written++;
    }
    if (written > 0) await recordAudit(ctx, tx, whoOf(actor, address), 'encryption.seal', { type: 'account', id: actor.accountId }, { records: written });
    return written;
  });
  return { sealed };
}
