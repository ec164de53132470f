import { memberView, topicOf } from '@wartefrei/shared';
import type { Outbox } from '../../platform/realtime/index.js';
import type { MemberRow } from './tickets.repo.js';

/**
 * The live events of a ticket that was called: staff on the queue get everything; public
 * subscribers of the queue (monitors, other patients) the number only, and for a silent call
 * not even that — just a version bump; the ticket's own topic gets the call, silent or not
 * (the patient must learn it is their turn). `withLanguage` (the list asks patients for their
 * language): the public call names the ticket's language, so the monitor says it in that too.
 */
export function announceCall(outbox: Outbox, member: MemberRow, withLanguage = false): void {
  const data = { member_id: member.id, queue_id: member.queueId, number: member.number, status: member.status, silent: member.calledSilently };
  const lang = withLanguage && member.lang ? { lang: member.lang } : {};
  outbox.add(topicOf('queue', member.queueId), {
    name: 'member.called',
    data,
    ...(member.calledSilently ? {} : { publicData: { queue_id: member.queueId, number: member.number, silent: false, ...lang } }),
  });
  outbox.add(topicOf('member', member.id), { name: 'member.called', data });
}

/**
 * Any other change of a ticket: staff on the queue get it, public subscribers a version bump
 * (their cue to refetch), the ticket's own topic the new state. `fromQueueId`: a move also
 * tells the queue the member left.
 */
export function announceUpdate(outbox: Outbox, member: MemberRow, fromQueueId?: string): void {
  const data = {
    member_id: member.id,
    queue_id: member.queueId,
    number: member.number,
    status: member.status,
    view: memberView({ status: member.status, cancel_state: member.cancelState }),
  };
  outbox.add(topicOf('queue', member.queueId), { name: 'member.updated', data });
  if (fromQueueId && fromQueueId !== member.queueId) outbox.add(topicOf('queue', fromQueueId), { name: 'member.updated', data });
  outbox.add(topicOf('member', member.id), { name: 'member.updated', data });
}
