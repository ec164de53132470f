import { useEffect, useRef, useState } from 'react';

interface ConfirmActionProps {
  /** The button that opens the question, the question, its two answers, and what a failure says. */
  texts: { open: string; question: string; yes: string; no: string; failed: string };
  id: string;
  /** The action; throwing keeps the question open with the failure said. */
  act: () => Promise<void>;
  /** After the action, whether it worked or not (the page asks the server again). */
  after?: () => Promise<void>;
  /** What a failure says, from what was thrown (the server's message); `texts.failed` otherwise. */
  failureOf?: (error: unknown) => string | undefined;
  /** Open with the question already asked (a message's "Absagen" link: the page asks, one press answers). */
  asked?: boolean;
}

/** Something that cannot be undone (cancelling a ticket or an appointment), asked first. */
export function ConfirmAction({ texts, id, act, after, failureOf, asked = false }: ConfirmActionProps) {
  const [asking, setAsking] = useState(asked);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  // Closing the question gives the focus back to the button that opened it (where it still is).
  const opener = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (!asking && wasAsking.current) opener.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  const confirm = async () => {
    setBusy(true);
    setFailed(undefined);
    try {
      await act();
      setAsking(false);
    } catch (error) {
      setFailed(failureOf?.(error) ?? texts.failed);
    } finally {
      setBusy(false);
      await after?.();
    }
  };
  if (!asking) {
    return (
      <button ref={opener} type="button" className="ticket-secondary" onClick={() => setAsking(true)}>
        {texts.open}
      </button>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className="ticket-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) setAsking(false);
      }}
    >
      <p id={id}>{texts.question}</p>
      {failed && <p role="alert">{failed}</p>}
      <div className="ticket-actions">
        <button type="button" className="ticket-danger" onClick={() => void confirm()} disabled={busy} autoFocus>
          {texts.yes}
        </button>
        <button type="button" className="ticket-secondary" onClick={() => setAsking(false)} disabled={busy}>
          {texts.no}
        </button>
      </div>
    </div>
  );
}
