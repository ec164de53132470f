import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Member } from '@wartefrei/shared';

/** A ticket's details: the probing interview as the patient answered it, each question with its answer and text. */
export function AnswersModal({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation(['processor', 'common']);
  return (
    <Modal opened onClose={onClose} title={t('answers.title', { number: member.number })} centered closeButtonProps={{ 'aria-label': t('common:actions.close') }}>
      <Stack gap="sm">
        {member.answers.length === 0 ? (
          <Text size="sm">{t('answers.none')}</Text>
        ) : (
          <dl style={{ margin: 0 }}>
            {member.answers.map((answer, index) => (
              <div key={index}>
                <Text component="dt" size="sm" c="dimmed">
                  {answer.question}
                </Text>
                <Text component="dd" size="sm" fw={600} ml={0} mb="xs">
                  {answer.answer}
                  {answer.text && (
                    <Text span fw={400}>
                      {' '}
                      – {answer.text}
                    </Text>
                  )}
                </Text>
              </div>
            ))}
          </dl>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
