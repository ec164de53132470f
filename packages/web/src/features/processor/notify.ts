import { notifications } from '@mantine/notifications';
import { i18next } from '../../i18n';
import { ApiRequestError } from '../../lib/api';

/** The frame's "Fehler" notification for a call made `silent` whose error is not handled in place. */
export function notifyFailure(error: unknown): void {
  // 440 opens the session dialog; a lost connection shows as the live badge.
  if (error instanceof ApiRequestError && (error.status === 440 || error.network)) return;
  notifications.show({
    title: i18next.t('common:errors.title'),
    message: error instanceof Error && error.message ? error.message : i18next.t('common:errors.unknown'),
    color: 'red',
    autoClose: 10_000,
    closeButtonProps: { 'aria-label': i18next.t('common:actions.close') },
  });
}

/** A short confirmation after an action (announced politely to screen readers by Mantine). */
export function notifyDone(message: string): void {
  notifications.show({ message, color: 'green', autoClose: 4_000, closeButtonProps: { 'aria-label': i18next.t('common:actions.close') } });
}

/** A neutral note: nobody waiting, a call beyond the recommended number of concurrent patients. */
export function notifyInfo(message: string): void {
  notifications.show({ message, color: 'blue', autoClose: 6_000, closeButtonProps: { 'aria-label': i18next.t('common:actions.close') } });
}
