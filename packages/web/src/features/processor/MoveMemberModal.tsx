import { Modal, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MOVE_POSITION_MAX, MoveMemberInput, type Member, type Queue } from '@wartefrei/shared';
import { fieldErrorsOf, validateWithSchema } from '../../lib/forms';
import { notifyDone, notifyFailure } from './notify';
import { moveMember } from './processor.api';
import { DialogActions } from '../../ui/DialogActions';

interface MoveMemberModalProps {
  member: Member;
  queue: Queue;
  queues: Queue[];
  onClose: () => void;
  onMoved: () => void;
}

/** Moves a waiting member to a place in the line (1 = next) and/or into another queue. */
export function MoveMemberModal({ member, queue, queues, onClose, onMoved }: MoveMemberModalProps) {
  const { t } = useTranslation(['processor', 'common']);
  const [targetQueue, setTargetQueue] = useState(queue.id);
  const [position, setPosition] = useState<number | string>(member.position ?? 1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const move = useMutation({
    mutationFn: (input: { queue_id?: string; position?: number }) => moveMember(member, input),
    onSuccess: () => {
      notifyDone(t('done.move', { number: member.number }));
      onMoved();
      onClose();
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyFailure(error);
      onMoved();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...(targetQueue !== queue.id ? { queue_id: targetQueue } : {}),
      ...(position === '' ? {} : { position: Number(position) }),
    };
    const problems = validateWithSchema(MoveMemberInput, input);
    setErrors(problems);
    if (Object.keys(problems).length === 0) move.mutate(input);
  };

  return (
    <Modal opened onClose={onClose} title={t('move.title', { number: member.number })} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('move.intro')}</Text>
          <NativeSelect
            label={t('move.queue')}
            value={targetQueue}
            onChange={(event) => setTargetQueue(event.currentTarget.value)}
            data={queues.map((q) => ({ value: q.id, label: q.name }))}
            error={errors.queue_id}
          />
          <NumberInput
            label={t('move.position')}
            description={t('move.positionHint')}
            value={position}
            onChange={setPosition}
            min={1}
            max={MOVE_POSITION_MAX}
            allowDecimal={false}
            allowNegative={false}
            error={errors.position}
            data-autofocus
          />
          <DialogActions onCancel={onClose} cancelLabel={t('common:actions.cancel')} submitLabel={t('move.submit')} busy={move.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
