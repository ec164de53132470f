import { useSyncExternalStore } from 'react';

/** Whether the tutorial's choice (quick or extended tour) is open: the avatar menu opens it, the first sign-in too. */
let open = false;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function offerTutorial(): void {
  open = true;
  notify();
}

export function closeTutorialOffer(): void {
  open = false;
  notify();
}

export function useTutorialOfferOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => open,
  );
}
