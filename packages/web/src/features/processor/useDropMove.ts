import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MoveMemberInput } from '@wartefrei/shared';
import type { DraggedMember } from './member-drag';
import { notifyDone, notifyFailure } from './notify';
import { moveMember } from './processor.api';
import { queryKeys } from '../../lib/query-keys';

type MoveTarget = Omit<NonNullable<MoveMemberInput>, 'version'>;

/**
 * Posts the move a drop asked for and refreshes the lists it touched; a refused move (a stale
 * version, a ticket no longer waiting) shows the server's message and the list as it now is.
 */
export function useDropMove() {
  const { t } = useTranslation('processor');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ member, target }: { member: DraggedMember; target: MoveTarget }) => moveMember(member, target),
    onSuccess: (_result, { member }) => notifyDone(t('done.move', { number: member.number })),
    onError: (error) => notifyFailure(error),
    onSettled: (_result, _error, { member, target }) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.members.ofQueue(member.queue_id) });
      if (target.queue_id) void queryClient.invalidateQueries({ queryKey: queryKeys.members.ofQueue(target.queue_id) });
    },
  });
  return {
    move: (member: DraggedMember, target: MoveTarget) => mutation.mutate({ member, target }),
    pending: mutation.isPending,
  };
}
