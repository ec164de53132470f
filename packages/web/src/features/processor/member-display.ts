import { memberTransition, type Member, type MemberAction, type NameOrder } from '@wartefrei/shared';

/** How a row looks (docs/product.md#screens-and-routes): waiting white, processing highlighted, cancelled struck through in red. */
export type RowTone = 'waiting' | 'processing' | 'cancelled' | 'done';

export function rowToneOf(member: Pick<Member, 'status' | 'cancel_state'>): RowTone {
  if (member.cancel_state !== null) return 'cancelled';
  if (member.status === 'WAITING') return 'waiting';
  if (member.status === 'PROCESSING') return 'processing';
  return 'done';
}

/**
 * A ticket in processing that was called silently (no announcement on monitors and phones): its
 * row is yellow instead of blue (docs/product.md#screens-and-routes, "blue or yellow processing").
 */
export function isSilentlyProcessing(member: Pick<Member, 'status' | 'cancel_state' | 'called_silently'>): boolean {
  return rowToneOf(member) === 'processing' && member.called_silently;
}

/** The patient's name in the queue's name order; the display name when no real name was given. */
export function patientNameOf(member: Pick<Member, 'first_name' | 'last_name' | 'display_name'>, order: NameOrder): string {
  const parts = order === 'LAST_FIRST' ? [member.last_name, member.first_name] : [member.first_name, member.last_name];
  const full = parts.filter((p): p is string => !!p && p.trim() !== '').join(order === 'LAST_FIRST' ? ', ' : ' ');
  return full || member.display_name?.trim() || '';
}

/** The staff actions a row offers: exactly those the ticket's state allows (shared rules). */
export const ROW_ACTIONS = ['call', 'finish', 'requeue', 'move', 'cancel', 'restore', 'remove'] as const satisfies MemberAction[];
export type RowAction = (typeof ROW_ACTIONS)[number];

export function allowedActionsOf(member: Pick<Member, 'status' | 'cancel_state'>): RowAction[] {
  return ROW_ACTIONS.filter((action) => memberTransition(member, action) !== undefined);
}

/**
 * The member that `F` finishes: the caller's own ticket in processing, called first; else, when
 * the caller processes nobody, the only one in processing (a practice with one processor).
 */
export function currentMemberOf(members: Member[], userId: string): Member | undefined {
  const processing = members.filter((m) => m.status === 'PROCESSING' && m.cancel_state === null);
  const byStart = (a: Member, b: Member) => (a.actual_start ?? '').localeCompare(b.actual_start ?? '');
  const own = processing.filter((m) => m.processor_id === userId).sort(byStart);
  if (own[0]) return own[0];
  return processing.length === 1 ? processing[0] : undefined;
}
