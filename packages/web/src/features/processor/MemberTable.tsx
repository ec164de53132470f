import { Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfoTag, Member, NameOrder, Queue } from '@wartefrei/shared';
import { ConfirmDialog } from './ConfirmDialog';
import { InfoTagsModal } from './InfoTagsModal';
import { MemberRow, type RowIntent } from './MemberRow';
import { MoveMemberModal } from './MoveMemberModal';
import { useMemberActions } from './useMemberActions';

interface MemberTableProps {
  members: Member[];
  queue: Queue;
  /** Where a member may be moved to: the other queues the caller works on. */
  queues: Queue[];
  tags: InfoTag[];
  nameOrder: NameOrder;
  onChanged: () => void;
}

/** The work-view list with its row actions and the dialogs they open. */
export function MemberTable({ members, queue, queues, tags, nameOrder, onChanged }: MemberTableProps) {
  const { t } = useTranslation('processor');
  const actions = useMemberActions(onChanged);
  const [intent, setIntent] = useState<RowIntent>();
  const tagsById = new Map(tags.map((tag) => [tag.id, tag]));
  const close = () => setIntent(undefined);
  const confirming = intent?.kind === 'confirm' ? intent : undefined;
  // The dialogs show the member's current state, not the one of the click.
  const current = intent ? members.find((m) => m.id === intent.member.id) : undefined;

  return (
    <>
      <Table.ScrollContainer minWidth={330}>
        <Table verticalSpacing="xs" highlightOnHover={false} withTableBorder aria-label={t('list.label', { name: queue.name })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('list.number')}</Table.Th>
              <Table.Th scope="col">{t('list.patient')}</Table.Th>
              <Table.Th scope="col">{t('list.state')}</Table.Th>
              {/* Narrow screens keep number, patient, state and actions; origin and wait come from sm up. */}
              <Table.Th scope="col" visibleFrom="sm">
                {t('list.origin')}
              </Table.Th>
              <Table.Th scope="col" visibleFrom="sm">
                {t('list.wait')}
              </Table.Th>
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
                tags={tagsById}
                busy={actions.pending?.member.id === member.id}
                onAction={actions.run}
                onIntent={setIntent}
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
      {intent?.kind === 'move' && current && <MoveMemberModal member={current} queue={queue} queues={queues} onClose={close} onMoved={onChanged} />}
      {intent?.kind === 'tags' && current && <InfoTagsModal member={current} tags={tags} onClose={close} onChanged={onChanged} />}
    </>
  );
}
