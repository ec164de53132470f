import { useEffect, useRef, useState } from 'react';

/*
 * Screens left open for days (kiosk, waiting-room monitor, a patient's ticket page) follow a
 * deploy: they compare the server's `versionHash` (GET /system-information, the hash of the
 * web build's index.html) with the one they started with, as the staff app does, and reload
 * themselves at a quiet moment each screen chooses. A script chunk that fails to load after a
 * deploy (its file is gone) reloads the page instead of showing "Die Seite konnte nicht geladen
 * werden" (PatientApp's boundary).
 */

const CHECK_EVERY_MS = 5 * 60_000;

/** The build this page was loaded with: the first answer, asked at the app's start. */
let loadedWith: string | undefined;
let newer = false;
const listeners = new Set<() => void>();

async function serverVersion(): Promise<string | undefined> {
  try {
    const response = await fetch('/system-information', { headers: { accept: 'application/json' }, cache: 'no-store' });
    return response.ok ? ((await response.json()) as { versionHash: string }).versionHash : undefined;
  } catch {
    return undefined; // offline: asked again at the next check
  }
}

let asking: Promise<boolean> | undefined;

/** Asks the server (one question at a time); true once it reports another build than the page's. */
export function checkVersion(): Promise<boolean> {
  asking ??= serverVersion()
    .then((current) => {
      if (current === undefined) return newer;
      loadedWith ??= current;
      if (current !== loadedWith && !newer) {
        newer = true;
        listeners.forEach((listener) => listener());
      }
      return newer;
    })
    .finally(() => (asking = undefined));
  return asking;
}

/**
 * Whether a newer build is out: asked every 5 minutes and whenever the page comes back into
 * view. The screen decides when to reload (`window.location.reload()`): the URL keeps its place.
 */
export function useNewVersion(): boolean {
  const [stale, setStale] = useState(newer);
  useEffect(() => {
    const listener = () => setStale(true);
    listeners.add(listener);
    void checkVersion();
    const timer = setInterval(() => void checkVersion(), CHECK_EVERY_MS);
    const visible = () => document.visibilityState === 'visible' && void checkVersion();
    document.addEventListener('visibilitychange', visible);
    return () => {
      listeners.delete(listener);
      clearInterval(timer);
      document.removeEventListener('visibilitychange', visible);
    };
  }, []);
  return stale;
}

/**
 * After a script that did not load: reloads when the server has another build than the page's
 * (the old chunk is gone), and answers false otherwise (offline, or the same build: the screen
 * then offers the reload itself). Without a known start version it never reloads: no loop.
 */
export async function reloadForNewBuild(): Promise<boolean> {
  if (loadedWith === undefined) return false;
  if (!(await checkVersion())) return false;
  window.location.reload();
  return true;
}

/** A field has the focus: the patient may be typing, and a reload would lose what they typed. */
function typing(): boolean {
  const field = document.activeElement;
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
}

/**
 * A page a patient holds (their ticket): a newer build reloads it when the page is hidden (the
 * phone in the pocket), or right after a live update (`update` changed) while no field has the
 * focus — never in the middle of their typing. The URL holds the ticket's key: the reload keeps it.
 */
export function useReloadAfterUpdate(update: unknown): void {
  const newVersion = useNewVersion();
  const seen = useRef(update);
  useEffect(() => {
    if (newVersion && update !== seen.current && !typing()) window.location.reload();
    seen.current = update;
  }, [newVersion, update]);
  useEffect(() => {
    if (!newVersion) return undefined;
    const hidden = () => document.visibilityState === 'hidden' && window.location.reload();
    hidden();
    document.addEventListener('visibilitychange', hidden);
    return () => document.removeEventListener('visibilitychange', hidden);
  }, [newVersion]);
}
