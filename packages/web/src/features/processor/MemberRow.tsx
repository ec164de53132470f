import { ActionIcon, Badge, Button, Group, Menu, Table, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowsMove,
  IconBan,
  IconBellRinging,
  IconCheck,
  IconDots,
  IconEraser,
  IconGripVertical,
  IconMessageQuestion,
  IconRestore,
  IconTag,
  IconTrash,
  IconVolumeOff,
} from '@tabler/icons-react';
import type { DragEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { InfoTag, Member, NameOrder, RoleView } from '@wartefrei/shared';
import type { MaybeOpened } from '../../lib/sealed-records';
import { allowedActionsOf, isSilentlyProcessing, patientNameOf, rowToneOf } from './member-display';
import classes from './processor.module.css';
import { AlertStatus } from './AlertStatus';
import type { ActionRequest } from './useMemberActions';
import type { ServingProcessor } from './useProcessorSettings';

export type RowIntent = { kind: 'confirm'; action: 'cancel' | 'remove'; member: Member } | { kind: 'move' | 'tags' | 'answers' | 'erase'; member: Member };

interface MemberRowProps {
  member: MaybeOpened<Member>;
  nameOrder: NameOrder;
  /** Who serves this ticket while it is processed: the row carries their colour and name. */
  servedBy?: ServingProcessor | undefined;
  /** The optional columns and actions the list shows the caller's role (presentation, not permission). */
  view: RoleView;
  /** The choice of who serves this ticket, where the caller may make it. */
  processorSelect?: ReactNode;
  tags: Map<string, InfoTag>;
  busy: boolean;
  onAction: (request: ActionRequest) => void;
  /** Steps that open a dialog first: confirm, move, info tags. */
  onIntent: (intent: RowIntent) => void;
  /** Drag and drop in the line; absent for rows that neither move nor take a dropped ticket. */
  drag?: RowDrag;
}

/** A waiting row can be dragged, and takes a dragged ticket to its own place in the line. */
export interface RowDrag {
  draggable: boolean;
  /** A dragged ticket hovers over this row: the line shows where it would land. */
  over: 'above' | 'below' | undefined;
  onDragStart: (event: DragEvent) => void;
  onDragEnd: () => void;
  onDragOver: (event: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (event: DragEvent) => void;
}

/** One ticket of the list: number, patient, origin, state and the actions its state allows. */
export function MemberRow({ member, nameOrder, servedBy, view, processorSelect, tags, busy, onAction, onIntent, drag }: MemberRowProps) {
  const { t } = useTranslation('processor');
  const tone = rowToneOf(member);
  const silent = isSilentlyProcessing(member);
  const allowed = new Set(allowedActionsOf(member));
  const shows = view.actions;
  // The menu's entries: what the ticket's state allows and the list's view configuration shows.
  const items = {
    callSilently: allowed.has('call') && shows.call_silently,
    requeue: allowed.has('requeue') && shows.requeue,
    move: allowed.has('move') && shows.move,
    answers: shows.answers && member.answers.length > 0,
    infoTags: shows.info_tags && rowToneOf(member) !== 'done',
    cancel: allowed.has('cancel') && shows.cancel,
    remove: allowed.has('remove') && shows.remove,
    erase: shows.erase && member.erased_at === null,
  };
  const name = patientNameOf(member, nameOrder);
  const state = tone === 'cancelled' ? t(`cancelState.${member.cancel_state ?? 'PROCESSOR'}`) : t(`status.${member.status}`);
  const act = (action: ActionRequest['action'], silent?: boolean) => onAction({ member, action, silent });

  const primaryButton = (label: string, icon: ReactNode, onClick: () => void, variant?: string) => (
    // On a phone the button shows its icon only (its name stays the label), so a row fits 375 px.
    <Button size="xs" variant={variant} leftSection={icon} onClick={onClick} loading={busy} aria-label={label} classNames={{ section: classes.primarySection }}>
      <span className={classes.primaryLabel}>{label}</span>
    </Button>
  );
  const primary = allowed.has('call')
    ? primaryButton(t('actions.call'), <IconBellRinging size={16} aria-hidden />, () => act('call'))
    : allowed.has('finish')
      ? primaryButton(t('actions.finish'), <IconCheck size={16} aria-hidden />, () => act('finish'))
      : allowed.has('restore')
        ? primaryButton(t('actions.restore'), <IconRestore size={16} aria-hidden />, () => act('restore'), 'default')
        : null;

  return (
    <Table.Tr
      className={`${classes[tone]} ${silent ? classes.silent : ''} ${drag?.over === 'above' ? classes.dropAbove : drag?.over === 'below' ? classes.dropBelow : ''}`}
      data-status={tone}
      data-silent={silent || undefined}
      style={servedBy?.color ? { ['--processor-color' as string]: servedBy.color } : undefined}
      aria-label={t('row.label', { number: member.number })}
      draggable={drag?.draggable}
      onDragStart={drag?.onDragStart}
      onDragEnd={drag?.onDragEnd}
      onDragOver={drag?.onDragOver}
      onDragLeave={drag?.onDragLeave}
      onDrop={drag?.onDrop}
      title={drag?.draggable ? t('drag.hint') : undefined}
    >
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {/* The grip only shows that the row can be dragged; the menu's "Verschieben" is the keyboard way. */}
          {drag?.draggable && <IconGripVertical size={16} aria-hidden className={classes.grip} />}
          <Text fw={700} size="lg" className={classes.number}>
            {member.number}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {name || <span className={classes.noName}>{member.erased_at ? t('row.erased') : member.seal_state === 'locked' ? t('row.sealed') : t('row.noName')}</span>}
        </Text>
        {servedBy && (
          // The colour marks the row; the name says it in words (colour alone is no information).
          <Group gap={4} data-served-by>
            <span className={classes.processorSwatch} aria-hidden />
            <Text size="xs" component="span">
              {t('row.servedBy', { name: servedBy.name })}
            </Text>
          </Group>
        )}
        {processorSelect}
        {/* On a phone the state stands under the name: the row keeps its actions in view without sideways scrolling. */}
        {view.columns.state && (
          <Text size="xs" component="div" hiddenFrom="sm">
            {state}
            <AlertStatus alerts={member.alerts} />
          </Text>
        )}
        {view.columns.answers && member.answers.length > 0 && (
          // The interview's last answer says where it led; the whole path is in the details.
          <Text size="xs" c="dimmed" className={classes.answers}>
            {member.answers.map((a) => `${a.question} ${a.answer}${a.text ? ` (${a.text})` : ''}`).join(' · ')}
          </Text>
        )}
        {view.columns.info_tags && member.info_tag_ids.length > 0 && (
          <Group gap={4} mt={4}>
            {member.info_tag_ids.map((id) => {
              const tag = tags.get(id);
              // The tag's colour as the badge's edge and a dot before its name; the text stays dark on
              // white, so any colour a practice picks keeps the name readable (AA).
              return (
                <Badge
                  key={id}
                  size="xs"
                  variant="outline"
                  color="gray.8"
                  data-tag-color={tag?.color ?? undefined}
                  style={tag?.color ? { borderColor: tag.color, ['--tag-color' as string]: tag.color } : undefined}
                  leftSection={tag?.color ? <span className={classes.tagDot} aria-hidden /> : undefined}
                >
                  {tag?.name ?? '…'}
                </Badge>
              );
            })}
          </Group>
        )}
      </Table.Td>
      {view.columns.state && (
        <Table.Td visibleFrom="sm">
          <Text size="sm">{state}</Text>
          {silent && (
            <Text size="xs" c="dimmed">
              {t('row.silent')}
            </Text>
          )}
          <AlertStatus alerts={member.alerts} />
        </Table.Td>
      )}
      {view.columns.origin && (
        <Table.Td visibleFrom="sm">
          <Text size="sm">{t(`origin.${member.origin}`)}</Text>
        </Table.Td>
      )}
      {view.columns.wait && (
        <Table.Td visibleFrom="sm">
          <Text size="sm">{member.wait_minutes === null ? '–' : t('row.minutes', { count: member.wait_minutes })}</Text>
        </Table.Td>
      )}
      <Table.Td>
        <Group gap="xs" wrap="nowrap" justify="flex-end">
          {primary}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label={t('row.more', { number: member.number })}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {items.callSilently && (
                <Menu.Item leftSection={<IconVolumeOff size={16} aria-hidden />} onClick={() => act('call', true)}>
                  {t('actions.callSilently')}
                </Menu.Item>
              )}
              {items.requeue && (
                <Menu.Item leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => act('requeue')}>
                  {t('actions.requeue')}
                </Menu.Item>
              )}
              {items.move && (
                <Menu.Item leftSection={<IconArrowsMove size={16} aria-hidden />} onClick={() => onIntent({ kind: 'move', member })}>
                  {t('actions.move')}
                </Menu.Item>
              )}
              {items.answers && (
                <Menu.Item leftSection={<IconMessageQuestion size={16} aria-hidden />} onClick={() => onIntent({ kind: 'answers', member })}>
                  {t('actions.answers')}
                </Menu.Item>
              )}
              {items.infoTags && (
                <Menu.Item leftSection={<IconTag size={16} aria-hidden />} onClick={() => onIntent({ kind: 'tags', member })}>
                  {t('actions.infoTags')}
                </Menu.Item>
              )}
              {items.cancel && (
                <Menu.Item leftSection={<IconBan size={16} aria-hidden />} onClick={() => onIntent({ kind: 'confirm', action: 'cancel', member })}>
                  {t('actions.cancel')}
                </Menu.Item>
              )}
              {items.remove && (
                <Menu.Item color="red.8" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => onIntent({ kind: 'confirm', action: 'remove', member })}>
                  {t('actions.remove')}
                </Menu.Item>
              )}
              {items.erase && (
                <Menu.Item color="red.8" leftSection={<IconEraser size={16} aria-hidden />} onClick={() => onIntent({ kind: 'erase', member })}>
                  {t('actions.erase')}
                </Menu.Item>
              )}
              {!Object.values(items).some(Boolean) && <Menu.Label>{t('row.noActions')}</Menu.Label>}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
