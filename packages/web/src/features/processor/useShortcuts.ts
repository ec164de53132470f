import { useEffect, useRef } from 'react';

/** Whether a key press belongs to what the user is typing or to an open dialog, not to the page. */
function isTypingOrInDialog(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return target.closest('[role="dialog"], [role="menu"], [role="listbox"]') !== null || document.querySelector('[role="dialog"]') !== null;
}

/**
 * Single-key shortcuts of the page (`n`, `s`, `f`): not while typing, in a dialog or menu, or
 * with a modifier (the browser's own shortcuts stay untouched).
 */
export function useShortcuts(handlers: Record<string, () => void>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat || event.defaultPrevented) return;
      if (isTypingOrInDialog(event)) return;
      const handler = latest.current[event.key.toLowerCase()];
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
