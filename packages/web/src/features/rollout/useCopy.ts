import { useEffect, useRef, useState } from 'react';

/** How long a button says "Kopiert" after copying. */
const COPIED_MS = 2_500;

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text to the clipboard. The clipboard API exists only on secure pages (https or
 * localhost) and may be refused; then the state says so and the text stays selectable by hand.
 */
export function useCopy() {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string) => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_MS);
    } catch {
      setState('failed');
    }
  };
  return { state, copy };
}
