import { SUPPORTED_LANGS, translate, type SupportedLang } from '@wartefrei/shared';
import type { DueAlert } from './due.js';

/** What an alert says, in the ticket's language (German when it has none). */
export interface AlertText {
  title: string;
  body: string;
}

export function langOfTicket(lang: string | null): SupportedLang {
  return (SUPPORTED_LANGS as readonly string[]).includes(lang ?? '') ? (lang as SupportedLang) : 'de';
}

export function alertText(lang: SupportedLang, listName: string, number: number, due: DueAlert): AlertText {
  const m = (key: string, args: (string | number)[]) => translate(lang, 'mail', key, args);
  if (due.kind === 'CALLED') return { title: m('alert_called_title', [listName]), body: m('alert_called', [number]) };
  const body = due.kind === 'MINUTES' ? m('alert_minutes', [number, due.minutes ?? 0]) : due.ahead === 0 ? m('alert_next', [number]) : m('alert_ahead', [number, due.ahead ?? 0]);
  return { title: m('alert_title', [listName]), body };
}

/** The SMS: the list, what the alert says, and the link back to the ticket. */
export function alertSms(lang: SupportedLang, text: AlertText, listName: string, link: string): string {
  return translate(lang, 'mail', 'alert_sms', [listName, text.body, link]);
}
