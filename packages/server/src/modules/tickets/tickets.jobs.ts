import { z } from 'zod';
import { registerJobHandler, type JobHandler } from '../../platform/jobs/index.js';
import type { SessionEndListener } from '../sessions/index.js';
import { registerAppointmentMemberJobs } from './appointment-members.js';
import { MEMBER_TIMEOUT_JOB } from './call.service.js';
import { announceUpdate } from './tickets.events.js';
import { endOpenMembers, findMember, updateMemberIfVersion } from './tickets.repo.js';

/**
 * The queue's timeout: a called member still PROCESSING `timeout_minutes` after the call (the
 * patient never came, or nobody pressed finish) ends as FINISHED_BY_TIMEOUT with cancel state
 * TIMEOUT. The job belongs to one call — the member's version at that call: a member finished,
 * requeued or called again since is left alone. Missed-while-down rule: it runs however late.
 */
const MemberTimeoutPayload = z.object({ memberId: z.uuid(), version: z.number().int() });

const timeOutMember: JobHandler<z.infer<typeof MemberTimeoutPayload>> = async (ctx, tx, job, outbox) => {
  const { memberId, version } = job.payload;
  const member = await findMember(tx, memberId);
  if (member?.version !== version || member.status !== 'PROCESSING') return 'DONE';
  const ended = await updateMemberIfVersion(tx, member.id, version, {
    status: 'FINISHED_BY_TIMEOUT',
    cancelState: 'TIMEOUT',
    actualEnd: ctx.clock.now(),
  });
  if (ended) announceUpdate(outbox, ended);
  return 'DONE';
};

/**
 * docs/product.md#states-and-transitions: closing a queue ends all its waiting and processing
 * members (cancel state SESSION_END). Listens to `sessionHooks.sessionEnded` (app-hooks.ts).
 */
export const endMembersOfClosedSession: SessionEndListener = async (tx, closed, outbox) => {
  for (const member of await endOpenMembers(tx, closed.queueId, closed.at)) announceUpdate(outbox, member);
};

/** The tickets module's job kinds; app.ts calls this when it builds the app. */
export function registerTicketJobs(): void {
  registerJobHandler(MEMBER_TIMEOUT_JOB, timeOutMember, MemberTimeoutPayload);
  registerAppointmentMemberJobs();
}
