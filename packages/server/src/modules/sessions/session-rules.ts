import type { SendableSessionEvent } from '@wartefrei/shared';
import type { SessionChange, SessionRow } from './sessions.repo.js';

/**
 * What each event does to a session; undefined when it would change nothing (the caller answers
 * SESSION_UNCHANGED and records nothing).
 * - START opens the session and lifts a BLOCK; opening a closed session begins a new numbering.
 * - TERMINATE closes it and lifts BLOCK and every suspend: the next START begins a clean session.
 * - BLOCK stops all intake (online and kiosk) of an open session without closing it: members keep
 *   being processed; the next START lifts it.
 * - SUSPEND_*_FIXED stops online or kiosk intake until the matching RESUME_*_FIXED;
 *   SUSPEND_*_TIMED until `until` (a job resumes it then); RESUME ends either kind.
 */
export function sessionChangeFor(session: SessionRow, event: SendableSessionEvent, now: Date, until?: Date): SessionChange | undefined {
  switch (event) {
    case 'START':
      if (session.open && !session.blocked) return undefined;
      if (session.open) return { blocked: false };
      // A new session: ticket numbers start again from the queue's number start.
      return { open: true, blocked: false, openedAt: now, sessionNo: session.sessionNo + 1, lastOrdinal: 0 };
    case 'TERMINATE': {
      const idle = !session.open && !session.blocked && !session.onlineSuspended && !session.kioskSuspended;
      if (idle) return undefined;
      return {
        open: false,
        blocked: false,
        openedAt: null,
        onlineSuspended: false,
        onlineSuspendedUntil: null,
        kioskSuspended: false,
        kioskSuspendedUntil: null,
      };
    }
    case 'BLOCK':
      return session.blocked ? undefined : { blocked: true };
    case 'SUSPEND_ONLINE_FIXED':
      return session.onlineSuspended && !session.onlineSuspendedUntil ? undefined : { onlineSuspended: true, onlineSuspendedUntil: null };
    case 'RESUME_ONLINE_FIXED':
      return session.onlineSuspended ? { onlineSuspended: false, onlineSuspendedUntil: null } : undefined;
    case 'SUSPEND_ONLINE_TIMED':
      return session.onlineSuspended && session.onlineSuspendedUntil?.getTime() === until?.getTime() ? undefined : { onlineSuspended: true, onlineSuspendedUntil: until ?? null };
    case 'SUSPEND_KIOSK_FIXED':
      return session.kioskSuspended && !session.kioskSuspendedUntil ? undefined : { kioskSuspended: true, kioskSuspendedUntil: null };
    case 'RESUME_KIOSK_FIXED':
      return session.kioskSuspended ? { kioskSuspended: false, kioskSuspendedUntil: null } : undefined;
    case 'SUSPEND_KIOSK_TIMED':
      return session.kioskSuspended && session.kioskSuspendedUntil?.getTime() === until?.getTime() ? undefined : { kioskSuspended: true, kioskSuspendedUntil: until ?? null };
  }
}
