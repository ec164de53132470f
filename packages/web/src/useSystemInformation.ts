import { useEffect, useState } from 'react';

export type SystemStatus =
  | { state: 'loading' }
  | { state: 'ok'; versionHash: string }
  | { state: 'error' };

function isSystemInformation(value: unknown): value is { versionHash: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { versionHash?: unknown }).versionHash === 'string'
  );
}

/** Asks the server for its version once; an unreachable server or an odd answer is an error. */
export function useSystemInformation(): SystemStatus {
  const [status, setStatus] = useState<SystemStatus>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetch('/system-information', { headers: { accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body: unknown = await response.json();
        if (!isSystemInformation(body)) throw new Error('unexpected answer');
        setStatus({ state: 'ok', versionHash: body.versionHash });
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus({ state: 'error' });
      });
    return () => controller.abort();
  }, []);

  return status;
}
