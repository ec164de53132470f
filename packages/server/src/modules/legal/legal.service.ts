import { AUDIT_KEEP_DAYS, RETENTION_DAYS_DEFAULT, type LegalInformation } from '@wartefrei/shared';
import type { Config } from '../../config.js';

/** `GET /legal`: the facts the legal pages fill in, from this server's configuration. */
export function legalInformation(config: Config): LegalInformation {
  const operator = config.operator;
  return {
    operator: operator
      ? {
          name: operator.name,
          address_lines: operator.addressLines,
          mail: operator.mail,
          phone: operator.phone ?? null,
          representative: operator.representative ?? null,
          register: operator.register ?? null,
          vat_id: operator.vatId ?? null,
        }
      : null,
    public_url: config.publicUrl,
    retention_days_default: RETENTION_DAYS_DEFAULT,
    audit_keep_days: AUDIT_KEEP_DAYS,
    mail_configured: Boolean(config.smtpUrl),
    sms_configured: Boolean(config.smsUrl),
    payments_configured: config.paymentConfigured,
  };
}
