import { Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfoTag, Member, NameOrder, Queue, RoleView } from '@wartefrei/shared';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { InfoTagsModal } from './InfoTagsModal';
import { carriesMember, draggedMemberOf, startMemberDrag } from './member-drag';
import { allowedActionsOf } from './member-display';
import { MemberRow, type RowDrag, type RowIntent } from './MemberRow';
import { AnswersModal } from './AnswersModal';
import { MoveMemberModal } from './MoveMemberModal';
import { useDropMove } from './useDropMove';
import { useEraseMember, useMemberActions } from './useMemberActions';
import type { ServingProcessor } from './useProcessorSettings';
import { ActualProcessorSelect } from './ActualProcessorSelect';

interface MemberTableProps {
  members: Member[];
  queue: Queue;
  /** Where a member may be moved to: the other queues the caller works on. */
  queues: Queue[];
  tags: InfoTag[];
  nameOrder: NameOrder;
  /** Who serves the rows in processing, by processor id: their name and colour. */
  servers: Map<string, ServingProcessor>;
  /** The optional columns and actions the list shows the caller's role. */
  view: RoleView;
  /** The caller may choose who serves a ticket in processing (mayChooseProcessor). */
  chooseProcessor: boolean;
  onChanged: () => void;
}

/** The work-view list with its row actions and the dialogs they open. */
export function MemberTable({ members, queue, queues, tags, nameOrder, servers, view, chooseProcessor, onChanged }: MemberTableProps) {
  const { t } = useTranslation('processor');
  const actions = useMemberActions(onChanged);
  const erasure = useEraseMember(onChanged);
  const [intent, setIntent] = useState<RowIntent>();
  const tagsById = new Map(tags.map((tag) => [tag.id, tag]));
  const close = () => setIntent(undefined);
  const confirming = intent?.kind === 'confirm' ? intent : undefined;
  // The dialogs show the member's current state, not the one of the click.
  const current = intent ? members.find((m) => m.id === intent.member.id) : undefined;
  const dragRow = useRowDrag(view.actions.move);

  return (
    <>
      <Table.ScrollContainer minWidth={330}>
        <Table verticalSpacing="xs" highlightOnHover={false} withTableBorder aria-label={t('list.label', { name: queue.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('list.number')}</Table.Th>
              <Table.Th scope="col">{t('list.patient')}</Table.Th>
              {/* Narrow screens keep number, patient (with the state under it) and actions; state, origin and wait columns come from sm up. */}
              {view.columns.state && (
                <Table.Th scope="col" visibleFrom="sm">
                  {t('list.state')}
                </Table.Th>
              )}
              {view.columns.origin && (
                <Table.Th scope="col" visibleFrom="sm">
                  {t('list.origin')}
                </Table.Th>
              )}
              {view.columns.wait && (
                <Table.Th scope="col" visibleFrom="sm">
                  {t('list.wait')}
                </Table.Th>
              )}
              <Table.Th scope="col">
                <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((member) => (
              <MemberRow
                key={member.id}
                member={member}
                nameOrder={nameOrder}
                servedBy={member.status === 'PROCESSING' && member.processor_id ? servers.get(member.processor_id) : undefined}
                view={view}
                processorSelect={
                  chooseProcessor && member.status === 'PROCESSING' ? (
                    <ActualProcessorSelect key={member.version} member={member} queueId={queue.id} onChanged={onChanged} />
                  ) : undefined
                }
                tags={tagsById}
                busy={actions.pending?.member.id === member.id}
                onAction={actions.run}
                onIntent={setIntent}
                drag={dragRow(member)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={confirming !== undefined}
        title={confirming ? t(`confirm.${confirming.action}Title`, { number: confirming.member.number }) : ''}
        message={confirming ? t(`confirm.${confirming.action}Message`) : ''}
        confirmLabel={confirming ? t(`actions.${confirming.action}`) : ''}
        danger={confirming?.action === 'remove'}
        onConfirm={() => {
          if (confirming) actions.run({ member: current ?? confirming.member, action: confirming.action });
          close();
        }}
        onClose={close}
      />
      <ConfirmDialog
        opened={actions.forcePending !== undefined}
        title={t('call.maxConcurrentTitle')}
        message={actions.forcePending?.message ?? ''}
        confirmLabel={t('call.callAnyway')}
        onConfirm={actions.confirmForce}
        onClose={actions.cancelForce}
      />
      <ConfirmDialog
        opened={intent?.kind === 'erase'}
        title={intent ? t('confirm.eraseTitle', { number: intent.member.number }) : ''}
        message={t('confirm.eraseMessage')}
        confirmLabel={t('actions.erase')}
        danger
        loading={erasure.isPending}
        onConfirm={() => intent && erasure.mutate(intent.member, { onSettled: close })}
        onClose={close}
      />
      {intent?.kind === 'move' && current && <MoveMemberModal member={current} queue={queue} queues={queues} onClose={close} onMoved={onChanged} />}
      {intent?.kind === 'answers' && current && <AnswersModal member={current} onClose={close} />}
      {intent?.kind === 'tags' && current && <InfoTagsModal member={current} tags={tags} onClose={close} onChanged={onChanged} />}
    </>
  );
}

/**
 * Drag and drop within the line: a waiting ticket is dragged onto another waiting one and takes
 * its place (the one there and those behind move down by one).
 */
function useRowDrag(moveShown: boolean): (member: Member) => RowDrag | undefined {
  const [dragged, setDragged] = useState<Member>();
  const [overId, setOverId] = useState<string>();
  const { move } = useDropMove();
  const end = () => {
    setDragged(undefined);
    setOverId(undefined);
  };
  return (member) => {
    // Dragging is moving: hidden with the "move" action.
    const movable = moveShown && allowedActionsOf(member).includes('move');
    const takesDrop = moveShown && member.status === 'WAITING' && member.position !== null && member.id !== dragged?.id;
    // Taking the row's place: from above it lands below the row, from below above it.
    const fromAbove = dragged !== undefined && dragged.position !== null && member.position !== null && dragged.position < member.position;
    if (!movable && !takesDrop) return undefined;
    return {
      draggable: movable,
      over: overId === member.id ? (fromAbove ? 'below' : 'above') : undefined,
      onDragStart: (event) => {
        startMemberDrag(member, event);
        setDragged(member);
      },
      onDragEnd: end,
      onDragOver: (event) => {
        if (!takesDrop || !carriesMember(event)) return;
        event.preventDefault(); // accept the drop
        event.dataTransfer.dropEffect = 'move';
        setOverId(member.id);
      },
      onDragLeave: () => setOverId((id) => (id === member.id ? undefined : id)),
      onDrop: (event) => {
        event.preventDefault();
        const dropped = draggedMemberOf(event);
        end();
        if (!dropped || dropped.id === member.id || member.position === null) return;
        move(dropped, { position: member.position, ...(dropped.queue_id !== member.queue_id ? { queue_id: member.queue_id } : {}) });
      },
    };
  };
}
