import { useEffect, useRef, useState, type FormEvent } from 'react';
import { PROBING_ANSWER_TEXT_MAX_LENGTH, type InterviewOption, type InterviewQuestion, type ProbingInterview } from '@wartefrei/shared';
import { useText } from '../app/i18n';
import { interviewStep, startInterview, type InterviewEvent, type InterviewResult, type InterviewState } from './interview-flow';
import './interview.css';

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
  const [state, setState] = useState<InterviewState>(() => startInterview(interview));
  const { answers, step, refused } = state;
  const heading = useRef<HTMLHeadingElement>(null);

  // Each new screen is announced: focus goes to its heading.
  useEffect(() => {
    heading.current?.focus();
  }, [step]);

  if (!step)
    return (
      <p role="alert" className="draw-refusal">
        {t('server:errors.PROBING_NO_FIRST_QUESTION')}
      </p>
    );

  // The flow is interview-flow.ts's: this screen renders its state and hands the taps in.
  const send = (event: InterviewEvent) => {
    const outcome = interviewStep(interview, state, event);
    setState(outcome.state);
    if (outcome.done) onDone(outcome.done);
    if (outcome.cancel) onCancel?.();
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
              <button key={option.id} type="button" className="interview-option" onClick={() => send({ type: 'choose', option })}>
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
      {step.kind === 'text' && <FreeText question={step.question} option={step.option} heading={heading} onSubmit={(text) => send({ type: 'submitText', text })} />}
      {step.kind === 'message' && (
        <>
          <p className="interview-progress">{step.question.text}</p>
          <h1 ref={heading} tabIndex={-1}>
            {step.option.text}
          </h1>
          <p className="interview-message">{step.option.message}</p>
          <button type="button" className="interview-continue" onClick={() => send({ type: 'continue' })}>
            {step.option.button_text || t('interview.continue')}
          </button>
        </>
      )}
      {canGoBack && (
        <button type="button" className="interview-back" onClick={() => send({ type: 'back' })}>
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
          maxLength={PROBING_ANSWER_TEXT_MAX_LENGTH}
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
