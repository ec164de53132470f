import type { Config } from '../config.js';
import { AppError } from './errors.js';

/** Whether this server sends SMS at all: without `SMS_URL` an SMS only reaches the log. */
export function smsConfigured(config: Pick<Config, 'smsUrl'>): boolean {
  return Boolean(config.smsUrl);
}

/** Whether a patient is offered SMS for a list: the list allows it and this server sends SMS. */
export function smsOffered(config: Pick<Config, 'smsUrl'>, listAllowsSms: boolean): boolean {
  return listAllowsSms && smsConfigured(config);
}

/**
 * Refuses an SMS asked for (an alert, `notify_sms`, an SMS reminder) that would never reach the
 * patient: on a server without `SMS_URL` (SMS_NOT_CONFIGURED), or where the list does not allow
 * SMS (SMS_NOT_ALLOWED). Asked and silently not sent would leave a patient waiting for nothing.
 */
export function refuseUnsendableSms(config: Pick<Config, 'smsUrl'>, listAllowsSms: boolean): void {
  if (!smsConfigured(config)) throw new AppError('SMS_NOT_CONFIGURED');
  if (!listAllowsSms) throw new AppError('SMS_NOT_ALLOWED');
}
