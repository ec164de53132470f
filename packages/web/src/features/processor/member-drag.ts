import type { DragEvent } from 'react';
import type { Member } from '@wartefrei/shared';

/**
 * Dragging a waiting ticket in the work view: onto another waiting row (takes its place in the
 * line) or onto another list's button (moves it there). The menu's "Verschieben" dialog is the
 * keyboard way to do the same.
 */
const DRAG_TYPE = 'application/x-wartefrei-member';

/** What travels with the drag: enough to post the move for the ticket as it was seen. */
export type DraggedMember = Pick<Member, 'id' | 'version' | 'number' | 'queue_id'>;

export function startMemberDrag(member: Member, event: DragEvent): void {
  const dragged: DraggedMember = { id: member.id, version: member.version, number: member.number, queue_id: member.queue_id };
  event.dataTransfer.setData(DRAG_TYPE, JSON.stringify(dragged));
  // Other programs get the number as plain text.
  event.dataTransfer.setData('text/plain', String(member.number));
  event.dataTransfer.effectAllowed = 'move';
}

/** During dragover the data is sealed by the browser; only its type says whether a ticket comes. */
export const carriesMember = (event: DragEvent): boolean => event.dataTransfer.types.includes(DRAG_TYPE);

export function draggedMemberOf(event: DragEvent): DraggedMember | undefined {
  try {
    const raw = event.dataTransfer.getData(DRAG_TYPE);
    return raw ? (JSON.parse(raw) as DraggedMember) : undefined;
  } catch {
    return undefined;
  }
}
