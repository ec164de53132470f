import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { InterviewOption, InterviewQuestion, ProbingAnswer, ProbingInterview } from '@wartefrei/shared';
import { useText } from '../app/i18n';
import './interview.css';

/** Where the interview sent the patient, with the path they answered (the draw sends it along). */
export type InterviewResult =
  | { action: 'NOTHING'; answers: ProbingAnswer[] }
  | { action: 'QUEUE'; queueId: string; answers: ProbingAnswer[] }
  | { action: 'URL'; url: string; answers: ProbingAnswer[] }
  | { action: 'BOOK_APPOINTMENT'; typeId: string; queueId: string; answers: ProbingAnswer[] };

type Step =
  | { kind: 'question'; question: InterviewQuestion }
  | { kind: 'text'; question: InterviewQuestion; option: InterviewOption }
  | { kind: 'message'; question: InterviewQuestion; option: InterviewOption; text?: string };

interface InterviewProps {
  interview: ProbingInterview;
  onDone: (result: InterviewResult) => void;
  /** Leaves the interview from its first question (back to the choice before it). */
  onCancel?: () => void;
}

/**
 * docs/product.md#screens-and-routes "probing interview": one question a screen with large
 * answers, back to the previous one, a text where the answer asks for one, the practice's
 * message before the action, then the caller draws, books or leaves. A target list that takes no
 * ticket now says so at the answer, before the patient goes further.
 */
export function Interview({ interview, onDone, onCancel }: InterviewProps) {
  const { t } = useText('draw', ['server']);
  const first = interview.questions.find((q) => q.ask_first);
  const [answers, setAnswers] = useState<ProbingAnswer[]>([]);
  const [step, setStep] = useState<Step | undefined>(first && { kind: 'question', question: first });
  const [refused, setRefused] = useState<InterviewOption>();
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new screen is announced: focus goes to its heading.
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  if (!first || !step)
    return (
      <p role="alert" className="draw-refusal">
        {t('server:errors.PROBING_NO_FIRST_QUESTION')}
      </p>
    );

  const finish = (option: InterviewOption, path: ProbingAnswer[]) => {
    if (option.action === 'QUESTION') {
      const next = interview.questions.find((q) => q.id === option.target_question_id);
      setAnswers(path);
      if (next) setStep({ kind: 'question', question: next });
      else setRefused(option);
      return;
    }
    if (option.action === 'QUEUE' && option.target_queue_id) onDone({ action: 'QUEUE', queueId: option.target_queue_id, answers: path });
    else if (option.action === 'URL' && option.target_url) onDone({ action: 'URL', url: option.target_url, answers: path });
    else if (option.action === 'BOOK_APPOINTMENT' && option.appointment_type_id && option.appointment_queue_id) {
      onDone({ action: 'BOOK_APPOINTMENT', typeId: option.appointment_type_id, queueId: option.appointment_queue_id, answers: path });
    } else onDone({ action: 'NOTHING', answers: path });
  };

  /** After the answer (and its text): the message first where there is one, then the action. */
  const proceed = (question: InterviewQuestion, option: InterviewOption, text?: string) => {
    if (option.message) return setStep({ kind: 'message', question, option, ...(text !== undefined ? { text } : {}) });
    finish(option, [...answers, { question_id: question.id, option_id: option.id, ...(text !== undefined ? { text } : {}) }]);
  };

  const choose = (question: InterviewQuestion, option: InterviewOption) => {
    setRefused(undefined);
    if (option.target_refusal) return setRefused(option);
    if (option.allow_free_text) return setStep({ kind: 'text', question, option });
    proceed(question, option);
  };

  const back = () => {
    setRefused(undefined);
    if (step.kind !== 'question') return setStep({ kind: 'question', question: step.question });
    const previous = answers.at(-1);
    const question = previous && interview.questions.find((q) => q.id === previous.question_id);
    if (!previous || !question) return onCancel?.();
    setAnswers(answers.slice(0, -1));
    setStep({ kind: 'question', question });
  };

  const canGoBack = step.kind !== 'question' || answers.length > 0 || onCancel !== undefined;
  return (
    <section className="interview" aria-label={t('interview.label')}>
      {step.kind === 'question' && (
        <>
          <p className="interview-progress">{t('interview.step', { n: answers.length + 1 })}</p>
          <h1 ref={heading} tabIndex={-1}>
            {step.question.text}
          </h1>
          <div className="interview-options">
            {step.question.options.map((option) => (
              <button key={option.id} type="button" className="interview-option" onClick={() => choose(step.question, option)}>
                {option.text}
              </button>
            ))}
          </div>
          {refused && (
            <p role="alert" className="draw-refusal">
              {refused.target_refusal ? `${refused.target_queue_name ?? ''}: ${t(`server:errors.${refused.target_refusal}`)}` : t('server:errors.PROBING_NEXT_QUESTION_NOT_FOUND')}
            </p>
          )}
        </>
      )}
      {step.kind === 'text' && <FreeText question={step.question} option={step.option} heading={heading} onSubmit={(text) => proceed(step.question, step.option, text)} />}
      {step.kind === 'message' && (
        <>
          <p className="interview-progress">{step.question.text}</p>
          <h1 ref={heading} tabIndex={-1}>
            {step.option.text}
          </h1>
          <p className="interview-message">{step.option.message}</p>
          <button
            type="button"
            className="interview-continue"
            onClick={() => finish(step.option, [...answers, { question_id: step.question.id, option_id: step.option.id, ...(step.text !== undefined ? { text: step.text } : {}) }])}
          >
            {step.option.button_text || t('interview.continue')}
          </button>
        </>
      )}
      {canGoBack && (
        <button type="button" className="interview-back" onClick={back}>
          {t('interview.back')}
        </button>
      )}
    </section>
  );
}

function FreeText({
  question,
  option,
  heading,
  onSubmit,
}: {
  question: InterviewQuestion;
  option: InterviewOption;
  heading: React.RefObject<HTMLHeadingElement | null>;
  onSubmit: (text: string) => void;
}) {
  const { t } = useText('draw', ['server']);
  const [text, setText] = useState('');
  const [error, setError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return setError(true);
    onSubmit(text.trim());
  };
  return (
    <form onSubmit={submit} noValidate>
      <h1 ref={heading} tabIndex={-1}>
        {question.text}
      </h1>
      <p className="interview-chosen">{option.text}</p>
      <div className="patient-field">
        <label htmlFor="interview-text">{t('interview.textLabel')}</label>
        <textarea
          id="interview-text"
          rows={3}
          maxLength={500}
          value={text}
          aria-invalid={error}
          aria-describedby={error ? 'interview-text-error' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(false);
          }}
        />
        {error && (
          <p id="interview-text-error" className="patient-error" role="alert">
            {t('server:errors.PROBING_FREE_TEXT_REQUIRED')}
          </p>
        )}
      </div>
      <button type="submit" className="interview-continue">
        {t('interview.continue')}
      </button>
    </form>
  );
}
