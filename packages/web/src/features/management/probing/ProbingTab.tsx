import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, NativeSelect, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProbingQuestion, ProbingVariant, Profile } from '@wartefrei/shared';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { ConfirmedDelete } from '../ConfirmedDelete';
import { EditButton } from '../EditButton';
import { SavedNote } from '../SavedNote';
import { useSavedFlag } from '../useSavedFlag';
import { CopyQuestionnaire } from './CopyQuestionnaire';
import { ProbingPreview } from './ProbingPreview';
import { QuestionForm } from './QuestionForm';
import { useFocusedQueue } from '../focused-queue';
import { targetLabel, useQuestionnaire, type Questionnaire } from './probing.api';

type Editing = { kind: 'new' } | { kind: 'edit'; question: ProbingQuestion };

/**
 * The probing questionnaire (docs/product.md#entities) of a location and variant as a flow: each
 * question with its answers and where each leads, the problems at the answer they concern;
 * add, edit, reorder, delete after confirmation, copy to the other variant, and a preview.
 */
export function ProbingTab() {
  const { t } = useTranslation(['management']);
  const profiles = useQuery({ queryKey: queryKeys.profiles.all, queryFn: () => api.get<Profile[]>('/profiles') });
  const [picked, setPicked] = useState<string>();
  const [variant, setVariant] = useState<ProbingVariant>('ONLINE');
  // A list's deep link (`/backend/management/:queueId/probing`) opens its location's questionnaire.
  const focused = useFocusedQueue();
  const profileId = picked ?? focused?.profile_id ?? profiles.data?.[0]?.id ?? '';
  const setup = useQuestionnaire(profileId, variant);
  const { saved, markSaved } = useSavedFlag();
  const [editing, setEditing] = useState<Editing>();
  const [previewing, setPreviewing] = useState(false);

  if (profiles.isPending) return <Loader aria-label={t('loading')} />;
  if (profiles.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  if (profiles.data.length === 0) return <Text>{t('probing.noLocation')}</Text>;
  const close = () => setEditing(undefined);
  return (
    <Stack gap="md">
      <Text maw={720}>{t('probing.intro')}</Text>
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label={t('probing.location')}
          data={profiles.data.map((p) => ({ value: p.id, label: p.name }))}
          value={profileId}
          onChange={(e) => setPicked(e.currentTarget.value)}
        />
        <div>
          <Text component="span" size="sm" fw={500} id="probing-variant-label" display="block" mb={4}>
            {t('probing.variant')}
          </Text>
          <SegmentedControl
            aria-labelledby="probing-variant-label"
            value={variant}
            onChange={(value) => setVariant(value as ProbingVariant)}
            data={[
              { value: 'ONLINE', label: t('probing.variants.ONLINE') },
              { value: 'KIOSK', label: t('probing.variants.KIOSK') },
            ]}
          />
        </div>
        <Group gap="sm" ml="auto">
          <SavedNote saved={saved} />
          <Button variant="default" onClick={() => setPreviewing(true)} disabled={setup.questions.length === 0}>
            {t('probing.preview')}
          </Button>
          <CopyQuestionnaire profileId={profileId} from={variant} onCopied={markSaved} />
          <Button onClick={() => setEditing({ kind: 'new' })} disabled={setup.pending}>
            {t('probing.create')}
          </Button>
        </Group>
      </Group>
      {setup.pending && <Loader aria-label={t('loading')} />}
      {setup.failed && <Alert color="red">{t('loadFailed')}</Alert>}
      {!setup.pending && !setup.failed && setup.questions.length === 0 && <Text>{t('probing.none')}</Text>}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {setup.questions.map((question, index) => (
          <QuestionCard key={question.id} question={question} index={index} setup={setup} onEdit={() => setEditing({ kind: 'edit', question })} onChanged={markSaved} />
        ))}
      </Stack>
      {editing && (
        <QuestionForm
          key={editing.kind === 'edit' ? editing.question.id : 'new'}
          profileId={profileId}
          variant={variant}
          question={editing.kind === 'edit' ? editing.question : undefined}
          setup={setup}
          onClose={close}
          onSaved={() => {
            close();
            markSaved();
          }}
        />
      )}
      {previewing && <ProbingPreview setup={setup} onClose={() => setPreviewing(false)} />}
    </Stack>
  );
}

/** One question of the flow: its answers with where each leads, problems at the answer, and its tools. */
function QuestionCard({
  question,
  index,
  setup,
  onEdit,
  onChanged,
}: {
  question: ProbingQuestion;
  index: number;
  setup: Questionnaire;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation(['management']);
  const client = useQueryClient();
  const [moving, setMoving] = useState(false);
  const neighbour = (step: -1 | 1) => setup.questions[index + step];
  // Reordering swaps the positions of two neighbours: the order patients never see, but owners read.
  const move = async (step: -1 | 1) => {
    const other = neighbour(step);
    if (!other) return;
    setMoving(true);
    try {
      const [a, b] = question.position === other.position ? [index + step, index] : [other.position, question.position];
      await api.patch(`/probing-questions/${question.id}`, { position: a });
      await api.patch(`/probing-questions/${other.id}`, { position: b });
      await client.invalidateQueries({ queryKey: queryKeys.probing.all });
      onChanged();
    } finally {
      setMoving(false);
    }
  };
  const generalProblems = question.problems.filter((p) => p.option_id === null);
  const tagName = (id: string | null) => setup.tags.find((tag) => tag.id === id)?.name;
  return (
    <Card component="li" withBorder padding="md" data-question={question.id} aria-label={question.text}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap="xs">
            <Text fw={700}>{question.text}</Text>
            {question.ask_first && <Badge variant="light">{t('probing.first')}</Badge>}
          </Group>
          {generalProblems.map((p, i) => (
            <Text key={i} size="sm" c={p.severity === 'error' ? 'red.8' : 'orange.9'} role={p.severity === 'error' ? 'alert' : undefined}>
              {p.message}
            </Text>
          ))}
        </div>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('probing.up', { name: question.text })}>
            <ActionIcon variant="default" aria-label={t('probing.up', { name: question.text })} disabled={index === 0 || moving} onClick={() => void move(-1)}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('probing.down', { name: question.text })}>
            <ActionIcon
              variant="default"
              aria-label={t('probing.down', { name: question.text })}
              disabled={index === setup.questions.length - 1 || moving}
              onClick={() => void move(1)}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <EditButton label={t('probing.edit', { name: question.text })} onClick={onEdit} />
          <ConfirmedDelete
            label={t('probing.delete', { name: question.text })}
            title={t('probing.deleteTitle')}
            question={t('probing.deleteQuestion', { name: question.text })}
            confirm={t('probing.deleteConfirm')}
            path={`/probing-questions/${question.id}`}
            invalidate={[queryKeys.probing.all]}
            onDeleted={onChanged}
          />
        </Group>
      </Group>
      <Stack gap={4} mt="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {question.options.map((option) => (
          <li key={option.id} data-option={option.id}>
            <Text size="sm">
              <strong>{option.text}</strong> → {targetLabel(option, setup, t)}
              {option.info_tag_id && (
                <Badge ml="xs" size="sm" variant="outline" color="gray.8">
                  {tagName(option.info_tag_id) ?? '…'}
                </Badge>
              )}
              {option.allow_free_text && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {t('probing.freeText')}
                </Text>
              )}
              {option.message && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {t('probing.withMessage')}
                </Text>
              )}
            </Text>
            {question.problems
              .filter((p) => p.option_id === option.id)
              .map((p, i) => (
                <Text key={i} size="xs" c={p.severity === 'error' ? 'red.8' : 'orange.9'}>
                  {p.message}
                </Text>
              ))}
          </li>
        ))}
      </Stack>
    </Card>
  );
}
