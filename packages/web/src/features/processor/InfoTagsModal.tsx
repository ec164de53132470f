import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InfoTag, Member } from '@wartefrei/shared';
import { addInfoTag, removeInfoTag } from './processor.api';

interface InfoTagsModalProps {
  member: Member;
  tags: InfoTag[];
  onClose: () => void;
  onChanged: () => void;
}

/** The account's info tags as checkboxes: ticking adds one to the member, unticking removes it. */
export function InfoTagsModal({ member, tags, onClose, onChanged }: InfoTagsModalProps) {
  const { t } = useTranslation(['processor', 'common']);
  const toggle = useMutation({
    mutationFn: ({ tagId, on }: { tagId: string; on: boolean }) => (on ? addInfoTag(member.id, tagId) : removeInfoTag(member.id, tagId)),
    onSettled: onChanged,
  });
  const checked = new Set(member.info_tag_ids);

  return (
    <Modal opened onClose={onClose} title={t('tags.title', { number: member.number })} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="sm">
        {tags.length === 0 ? (
          <Text size="sm">{t('tags.none')}</Text>
        ) : (
          tags.map((tag) => (
            <Checkbox
              key={tag.id}
              label={tag.label ? `${tag.name} – ${tag.label}` : tag.name}
              description={tag.time_priority ? t('tags.timePriority') : undefined}
              checked={toggle.isPending && toggle.variables.tagId === tag.id ? toggle.variables.on : checked.has(tag.id)}
              disabled={toggle.isPending}
              onChange={(event) => toggle.mutate({ tagId: tag.id, on: event.currentTarget.checked })}
            />
          ))
        )}
        <Group justify="flex-end" mt="sm">
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
