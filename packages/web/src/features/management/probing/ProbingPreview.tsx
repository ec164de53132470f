import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProbingOption } from '@wartefrei/shared';
import { targetLabel, type Questionnaire } from './probing.api';

/**
 * The interview as a patient runs it, without drawing anything: one question at a time, the
 * message before the action, a text where asked, and at the end where the patient would land.
 */
export function ProbingPreview({ setup, onClose }: { setup: Questionnaire; onClose: () => void }) {
  const { t } = useTranslation(['management']);
  const first = setup.questions.find((q) => q.ask_first);
  const [path, setPath] = useState<string[]>(first ? [first.id] : []);
  const [chosen, setChosen] = useState<ProbingOption>();
  const [text, setText] = useState('');
  const current = setup.questions.find((q) => q.id === path.at(-1));
  const choose = (option: ProbingOption) => {
    if (option.action === 'QUESTION' && option.target_question_id && !option.message && !option.allow_free_text) {
      setPath([...path, option.target_question_id]);
      return;
    }
    setChosen(option);
  };
  const goOn = () => {
    if (chosen?.action === 'QUESTION' && chosen.target_question_id) {
      setPath([...path, chosen.target_question_id]);
      setChosen(undefined);
      setText('');
    }
  };
  const restart = () => {
    setPath(first ? [first.id] : []);
    setChosen(undefined);
    setText('');
  };
  return (
    <Modal opened onClose={onClose} title={t('probing.previewTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack gap="md" aria-live="polite">
        {!current && <Text>{t('probing.none')}</Text>}
        {current && !chosen && (
          <>
            <Text fw={700} size="lg">
              {current.text}
            </Text>
            {current.options.map((option) => (
              <Button key={option.id} variant="default" size="md" justify="flex-start" onClick={() => choose(option)}>
                {option.text}
              </Button>
            ))}
          </>
        )}
        {chosen && (
          <>
            <Text fw={700}>{chosen.text}</Text>
            {chosen.allow_free_text && <Textarea label={t('probing.previewText')} value={text} onChange={(e) => setText(e.currentTarget.value)} />}
            {chosen.message && <Text style={{ whiteSpace: 'pre-line' }}>{chosen.message}</Text>}
            {chosen.action === 'QUESTION' ? (
              <Button onClick={goOn} disabled={chosen.allow_free_text && text.trim() === ''}>
                {chosen.button_text || t('probing.buttonDefault')}
              </Button>
            ) : (
              <Text c="teal.9" fw={600} role="status">
                {t('probing.previewEnd', { target: targetLabel(chosen, setup, t) })}
              </Text>
            )}
          </>
        )}
        <Group justify="space-between">
          <Button variant="subtle" onClick={restart}>
            {t('probing.restart')}
          </Button>
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
