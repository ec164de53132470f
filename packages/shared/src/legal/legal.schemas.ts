import { z } from 'zod';

/** Who runs the server, as the legal notice (Impressum) names them; from the operator's configuration. */
export const LegalOperator = z.object({
  name: z.string(),
  address_lines: z.array(z.string()),
  mail: z.string(),
  phone: z.string().nullable(),
  representative: z.string().nullable(),
  register: z.string().nullable(),
  vat_id: z.string().nullable(),
});
export type LegalOperator = z.infer<typeof LegalOperator>;

/**
 * `GET /legal`: what the legal pages (privacy notice, terms, legal notice) fill in from this
 * server's configuration. `operator` is null until the operator has set it: the legal notice
 * then says so, and admins see a warning.
 */
export const LegalInformation = z.object({
  operator: LegalOperator.nullable(),
  public_url: z.string(),
  retention_days_default: z.number().int(),
  audit_keep_days: z.number().int(),
  /** Which services this server passes data to (sub-processors in the privacy notice). */
  mail_configured: z.boolean(),
  sms_configured: z.boolean(),
  payments_configured: z.boolean(),
});
export type LegalInformation = z.infer<typeof LegalInformation>;
