import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '@wartefrei/shared';
import { notifyDone, notifyFailure, notifyInfo } from './notify';
import { actOnMember, eraseMember, isBeyondLimit, type MemberAction } from './processor.api';

export interface ActionRequest {
  member: Member;
  action: MemberAction;
  silent?: boolean;
  force?: boolean;
}

/**
 * The row actions of the list. A call beyond maxConcurrentProcessing comes back as `forcePending`
 * for the "call anyway" dialog; other failures show the "Fehler" notification; each outcome
 * refetches the list (the state on screen may have been stale).
 */
export function useMemberActions(onChanged: () => void) {
  const { t } = useTranslation('processor');
  const [forcePending, setForcePending] = useState<{ request: ActionRequest; message: string }>();
  const mutation = useMutation({
    mutationFn: ({ member, action, silent, force }: ActionRequest) => actOnMember(member, action, action === 'call' ? { silent: silent === true, force: force === true } : {}),
    onSuccess: (result, request) => {
      setForcePending(undefined);
      if (result.warning) notifyInfo(result.warning.message);
      notifyDone(t(`done.${request.action}`, { number: result.member.number }));
      if (result.next) notifyDone(t('call.called', { number: result.next.number }));
    },
    onError: (error, request) => {
      if (isBeyondLimit(error) && !request.force) {
        setForcePending({ request, message: error.message });
        return;
      }
      setForcePending(undefined);
      // Only `call` is sent silently; the others already showed their notification.
      if (request.action === 'call') notifyFailure(error);
    },
    onSettled: onChanged,
  });
  return {
    run: (request: ActionRequest) => mutation.mutate(request),
    pending: mutation.isPending ? mutation.variables : undefined,
    forcePending,
    confirmForce: () => forcePending && mutation.mutate({ ...forcePending.request, force: true }),
    cancelForce: () => setForcePending(undefined),
  };
}

/**
 * A patient's request to erase their data: the ticket's personal data goes for good (after the
 * confirmation); the ticket itself stays in the line and in the figures.
 */
export function useEraseMember(onChanged: () => void) {
  const { t } = useTranslation('processor');
  return useMutation({
    mutationFn: (member: Member) => eraseMember(member.id),
    onSuccess: (_result, member) => notifyDone(t('done.erase', { number: member.number })),
    onSettled: onChanged,
  });
}
