import { useEffect, useState } from 'react';

const listeners = new Set<() => void>();

/** Moves to another patient path without a reload (draw → ticket); back and forward work as usual. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (options.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  listeners.forEach((listener) => listener());
}

export type PatientLocation = { pathname: string; search: URLSearchParams };

/** The current path and query, re-rendered on navigate() and on back/forward; on the server, `at`. */
export function useLocation(at?: PatientLocation): PatientLocation {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((n) => n + 1);
    listeners.add(listener);
    window.addEventListener('popstate', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('popstate', listener);
    };
  }, []);
  return at ?? { pathname: window.location.pathname, search: new URLSearchParams(window.location.search) };
}
