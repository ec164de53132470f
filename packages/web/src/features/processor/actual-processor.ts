import { mayChooseServingProcessor, type AssignedProcessor, type LoggedUser, type Member, type OwnQueue, type Queue } from '@wartefrei/shared';

/**
 * Whether the caller may choose who serves a ticket of this list: the shared rule the server
 * checks too, read from what the work view has (`own` is absent when the caller is not assigned;
 * its `active` is already read "as of now" by the server).
 */
export function mayChooseProcessor(
  user: Pick<LoggedUser, 'is_admin'>,
  own: Pick<OwnQueue, 'active'> | undefined,
  queue: Pick<Queue, 'allow_actual_processor_selection_for_non_active_processors'>,
): boolean {
  return mayChooseServingProcessor({
    isAdmin: user.is_admin,
    activeNow: own?.active === true,
    managersMayChoose: queue.allow_actual_processor_selection_for_non_active_processors,
  });
}

export interface ProcessorChoice {
  value: string;
  label: string;
}

/**
 * Whom a ticket in processing can be handed to: the processors actively processing its list, and
 * whoever serves it now (kept, so that the choice shows them); `other` names a current one that is
 * not on the list (an administrator who is not assigned). Empty when there is nobody to hand to.
 */
export function processorChoices(member: Pick<Member, 'processor_id'>, processors: AssignedProcessor[], other: string): ProcessorChoice[] {
  const choices = processors.filter((p) => p.active || p.id === member.processor_id).map((p) => ({ value: p.id, label: p.display_name || p.username }));
  if (member.processor_id && !choices.some((c) => c.value === member.processor_id)) choices.unshift({ value: member.processor_id, label: other });
  return choices.some((c) => c.value !== member.processor_id) ? choices : [];
}
