import { ActionIcon, Button, Checkbox, Fieldset, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PROBING_ACTIONS,
  PROBING_BUTTON_TEXT_MAX_LENGTH,
  PROBING_MESSAGE_MAX_LENGTH,
  PROBING_OPTION_TEXT_MAX_LENGTH,
  PROBING_QUESTION_TEXT_MAX_LENGTH,
  type ProbingAction,
  type ProbingOptionInput,
  type ProbingQuestion,
  type ProbingVariant,
} from '@wartefrei/shared';
import { api, ApiRequestError } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { DialogActions } from '../../../ui/DialogActions';
import { FormAlert } from '../../../ui/FormAlert';
import type { Questionnaire } from './probing.api';

interface QuestionFormProps {
  profileId: string;
  variant: ProbingVariant;
  question: ProbingQuestion | undefined;
  setup: Questionnaire;
  onClose: () => void;
  onSaved: () => void;
}

type OptionDraft = Required<Pick<ProbingOptionInput, 'text' | 'action'>> & {
  id?: string;
  target: string;
  message: string;
  button_text: string;
  info_tag_id: string;
  allow_free_text: boolean;
};

const TARGET_FIELD: Partial<Record<ProbingAction, 'target_question_id' | 'target_queue_id' | 'target_url' | 'appointment_type_id'>> = {
  QUESTION: 'target_question_id',
  QUEUE: 'target_queue_id',
  URL: 'target_url',
  BOOK_APPOINTMENT: 'appointment_type_id',
};

const draftOf = (o: ProbingQuestion['options'][number]): OptionDraft => ({
  id: o.id,
  text: o.text,
  action: o.action,
  target: o.target_question_id ?? o.target_queue_id ?? o.target_url ?? o.appointment_type_id ?? '',
  message: o.message ?? '',
  button_text: o.button_text ?? '',
  info_tag_id: o.info_tag_id ?? '',
  allow_free_text: o.allow_free_text,
});
const emptyOption = (text = ''): OptionDraft => ({ text, action: 'NOTHING', target: '', message: '', button_text: '', info_tag_id: '', allow_free_text: false });

function bodyOf(draft: OptionDraft): ProbingOptionInput {
  const field = TARGET_FIELD[draft.action];
  return {
    ...(draft.id ? { id: draft.id } : {}),
    text: draft.text,
    action: draft.action,
    ...(field ? { [field]: draft.target.trim() || null } : {}),
    message: draft.message.trim() || null,
    button_text: draft.button_text.trim() || null,
    info_tag_id: draft.info_tag_id || null,
    allow_free_text: draft.allow_free_text,
  };
}

/**
 * A question with its answers, in a dialog. The server checks the whole questionnaire on save
 * (the shared rules); each refusal is shown at the answer it names, the rest above the form.
 */
export function QuestionForm({ profileId, variant, question, setup, onClose, onSaved }: QuestionFormProps) {
  const { t } = useTranslation(['management', 'common']);
  const client = useQueryClient();
  const [text, setText] = useState(question?.text ?? '');
  const [askFirst, setAskFirst] = useState(question?.ask_first ?? setup.questions.length === 0);
  const [options, setOptions] = useState<OptionDraft[]>(question ? question.options.map(draftOf) : [emptyOption(t('probing.yes')), emptyOption(t('probing.no'))]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [optionErrors, setOptionErrors] = useState<Record<string, string>>({});
  const [textError, setTextError] = useState<string>();
  const change = (index: number, patch: Partial<OptionDraft>) => setOptions((list) => list.map((o, i) => (i === index ? { ...o, ...patch } : o)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setOptionErrors({});
    setTextError(text.trim() === '' ? t('probing.textRequired') : undefined);
    if (text.trim() === '') return;
    setBusy(true);
    const body = { text, ask_first: askFirst, options: options.map(bodyOf) };
    try {
      if (question) await api.patch(`/probing-questions/${question.id}`, body, { silent: true });
      else await api.post('/probing-questions', { profile_id: profileId, variant, ...body }, { silent: true });
      await client.invalidateQueries({ queryKey: queryKeys.probing.all });
      onSaved();
    } catch (error) {
      const problems = error instanceof ApiRequestError ? (error.body?.problems ?? []) : [];
      const atOptions: Record<string, string> = {};
      const elsewhere: string[] = [];
      for (const problem of problems) {
        const own = problem.question_id === question?.id || !question;
        if (own && problem.option_index !== null) atOptions[`${problem.option_index}.${problem.field}`] ??= problem.message;
        else elsewhere.push(problem.message);
      }
      setOptionErrors(atOptions);
      setFailure(problems.length === 0 ? (error instanceof Error ? error.message : String(error)) : elsewhere.length > 0 ? elsewhere.join(' · ') : t('probing.fixAnswers'));
    } finally {
      setBusy(false);
    }
  };

  const errorAt = (index: number, ...fields: string[]) => fields.map((f) => optionErrors[`${index}.${f}`]).find(Boolean);
  const others = setup.questions.filter((q) => q.id !== question?.id);
  return (
    <Modal opened onClose={onClose} size="lg" title={question ? t('probing.editTitle') : t('probing.newTitle')} closeButtonProps={{ 'aria-label': t('close') }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          {failure && <FormAlert tone="error">{failure}</FormAlert>}
          <TextInput
            label={t('probing.text')}
            required
            data-autofocus
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={textError}
            maxLength={PROBING_QUESTION_TEXT_MAX_LENGTH}
          />
          <Checkbox label={t('probing.askFirst')} checked={askFirst} onChange={(e) => setAskFirst(e.currentTarget.checked)} />
          {options.map((option, index) => (
            <Fieldset key={index} legend={t('probing.answer', { n: index + 1 })} data-option-index={index}>
              <Stack gap="xs">
                <Group align="flex-end" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label={t('probing.answerText')}
                    required
                    value={option.text}
                    onChange={(e) => change(index, { text: e.currentTarget.value })}
                    error={errorAt(index, 'text', 'options')}
                    maxLength={PROBING_OPTION_TEXT_MAX_LENGTH}
                  />
                  <NativeSelect
                    label={t('probing.action')}
                    data={PROBING_ACTIONS.map((action) => ({ value: action, label: t(`probing.actions.${action}`) }))}
                    value={option.action}
                    onChange={(e) => change(index, { action: e.currentTarget.value as ProbingAction, target: '' })}
                  />
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={t('probing.removeAnswer', { n: index + 1 })}
                    onClick={() => setOptions((list) => list.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
                <TargetField
                  option={option}
                  index={index}
                  setup={setup}
                  others={others}
                  error={errorAt(index, 'target_question_id', 'target_queue_id', 'target_url', 'appointment_type_id')}
                  onChange={(target) => change(index, { target })}
                />
                <NativeSelect
                  label={t('probing.infoTag')}
                  data={[{ value: '', label: t('probing.noTag') }, ...setup.tags.map((tag) => ({ value: tag.id, label: tag.label ? `${tag.name} – ${tag.label}` : tag.name }))]}
                  value={option.info_tag_id}
                  onChange={(e) => change(index, { info_tag_id: e.currentTarget.value })}
                  error={errorAt(index, 'info_tag_id')}
                />
                <Checkbox label={t('probing.allowFreeText')} checked={option.allow_free_text} onChange={(e) => change(index, { allow_free_text: e.currentTarget.checked })} />
                <Textarea
                  label={t('probing.message')}
                  description={t('probing.messageHint')}
                  autosize
                  minRows={1}
                  value={option.message}
                  onChange={(e) => change(index, { message: e.currentTarget.value })}
                  maxLength={PROBING_MESSAGE_MAX_LENGTH}
                />
                {option.message.trim() !== '' && (
                  <TextInput
                    label={t('probing.buttonText')}
                    placeholder={t('probing.buttonDefault')}
                    value={option.button_text}
                    onChange={(e) => change(index, { button_text: e.currentTarget.value })}
                    maxLength={PROBING_BUTTON_TEXT_MAX_LENGTH}
                  />
                )}
              </Stack>
            </Fieldset>
          ))}
          <Group>
            <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOptions((list) => [...list, emptyOption()])}>
              {t('probing.addAnswer')}
            </Button>
          </Group>
          <DialogActions onCancel={onClose} cancelLabel={t('cancel')} submitLabel={t('common:actions.save')} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}

function TargetField({
  option,
  index,
  setup,
  others,
  error,
  onChange,
}: {
  option: OptionDraft;
  index: number;
  setup: Questionnaire;
  others: ProbingQuestion[];
  error: string | undefined;
  onChange: (target: string) => void;
}) {
  const { t } = useTranslation('management');
  const choose = (data: { value: string; label: string }[]) => (
    <NativeSelect
      label={t(`probing.targets.${option.action}`)}
      data={[{ value: '', label: t('probing.choose') }, ...data]}
      value={option.target}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      id={`probing-target-${index}`}
    />
  );
  if (option.action === 'QUESTION') return choose(others.map((q) => ({ value: q.id, label: q.text })));
  if (option.action === 'QUEUE') return choose(setup.queues.map((q) => ({ value: q.id, label: q.name })));
  if (option.action === 'BOOK_APPOINTMENT') return choose(setup.types.map((type) => ({ value: type.id, label: type.name })));
  if (option.action === 'URL')
    return <TextInput type="url" label={t('probing.targets.URL')} placeholder="https://" value={option.target} onChange={(e) => onChange(e.currentTarget.value)} error={error} />;
  return null;
}
