import { useCallback, useEffect, useRef, useState } from 'react';

/** How long "Gespeichert" stays after a save (issue 7: six seconds). */
export const SAVED_MS = 6_000;

/** `saved` turns true on `markSaved()` and false again after six seconds (a newer save restarts the time). */
export function useSavedFlag(): { saved: boolean; markSaved: () => void } {
  const [saved, setSaved] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const markSaved = useCallback(() => {
    setSaved(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSaved(false), SAVED_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { saved, markSaved };
}
