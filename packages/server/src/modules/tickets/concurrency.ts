/** How many members may be in processing at once: the list's limit and the processor's own. */
import { translate, type SupportedLang } from '@wartefrei/shared';
import type { Transaction } from '../../db/connect.js';
import { AppError } from '../../platform/errors.js';
import { countProcessing, listSettingsOf, processorLimitOf } from './tickets.repo.js';
import type { Warning } from './staff-change.js';

/**
 * docs/product.md#processor-settings: at most the list's maxConcurrentProcessing members of a
 * queue are processed at once, and at most the processor's own limit (where set) by that
 * processor, whatever the list — whichever is reached first stops the call, so the stricter
 * wins. Both are recommendations: a call beyond one is refused (MAX_CONCURRENT_PROCESSING,
 * PROCESSOR_MAX_CONCURRENT_PROCESSING) unless `force`, and then answered with the warning.
 *
 * The queue row and then the processor's row are locked while counting, always in this order,
 * so two calls at the same instant cannot both take the last free place of either limit.
 */
export async function checkConcurrency(tx: Transaction, queueId: string, processorId: string, force: boolean, lang: SupportedLang): Promise<Warning | undefined> {
  const lock = force ? 'share' : 'update';
  const max = (await listSettingsOf(tx, queueId, lock))?.maxConcurrentProcessing ?? 1;
  const own = await processorLimitOf(tx, processorId, lock);
  if ((await countProcessing(tx, { queueId })) >= max) return refuseOrWarn('MAX_CONCURRENT_PROCESSING', max, force, lang);
  if (own !== null && (await countProcessing(tx, { processorId })) >= own) return refuseOrWarn('PROCESSOR_MAX_CONCURRENT_PROCESSING', own, force, lang);
  return undefined;
}

/**
 * A member handed over to another processor (the actual processor): the list's count stays the
 * same, but the recipient takes one more — refused beyond their own limit unless `force`, like a
 * call. Their row is locked while counting, so two hand-overs cannot both take their last place.
 */
export async function checkHandOver(tx: Transaction, recipientId: string, force: boolean, lang: SupportedLang): Promise<Warning | undefined> {
  const own = await processorLimitOf(tx, recipientId, force ? 'share' : 'update');
  if (own !== null && (await countProcessing(tx, { processorId: recipientId })) >= own) return refuseOrWarn('RECIPIENT_MAX_CONCURRENT_PROCESSING', own, force, lang);
  return undefined;
}

function refuseOrWarn(code: Warning['code'], max: number, force: boolean, lang: SupportedLang): Warning {
  if (!force) throw new AppError(code, { args: [max] });
  return { code, message: translate(lang, 'errors', code, [max]), max };
}
