import { z } from 'zod';

export const KEY_EXCHANGE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type KeyExchangeStatus = (typeof KEY_EXCHANGE_STATUSES)[number];

// Keys and wrapped keys as the crypto helpers write them (packages/shared/src/crypto): base64url
// parts after a kind. The server stores them and never opens them; these checks keep out junk.
const PublicKeyText = z
  .string()
  .min(100)
  .max(1000)
  .regex(/^[A-Za-z0-9_-]+$/, 'INVALID_VALUE');
const PassphraseWrapped = z
  .string()
  .max(4000)
  .regex(/^wf1p\.\d+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'INVALID_VALUE');
// `wf2k`: bound to key id, user and recipient key (crypto/keys.ts `wrapGrant`); `wf1k` grants made before still pass.
const KeyWrapped = z
  .string()
  .max(6000)
  .regex(/^wf[12]k\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'INVALID_VALUE');

/** `PUT /encryption/my-key`: the caller's key pair, its private key under their passphrase. */
export const UserKeyInput = z.strictObject({ public_key: PublicKeyText, wrapped_private_key: PassphraseWrapped });
export type UserKeyInput = z.infer<typeof UserKeyInput>;

/**
 * `POST /encryption/enable` (admins): the account's public key, its private key under the recovery code and for the caller.
 * `key_id`: chosen by the browser, because the caller's grant (`wf2k`) is bound to it before the server stores anything;
 * without it the server picks one (only an unbound `wf1k` grant can be made then).
 */
export const EnableEncryptionInput = z.strictObject({
  key_id: z.uuid().optional(),
  public_key: PublicKeyText,
  recovery_wrapped_key: PassphraseWrapped,
  wrapped_account_key: KeyWrapped,
});
export type EnableEncryptionInput = z.infer<typeof EnableEncryptionInput>;

/** `POST /encryption/requests/{id}/approve` and `POST /encryption/recover` (admins): the account key wrapped for a user's public key. */
export const WrappedAccountKeyInput = z.strictObject({ wrapped_account_key: KeyWrapped });
export type WrappedAccountKeyInput = z.infer<typeof WrappedAccountKeyInput>;

/** `GET /encryption`: the account's state and what the caller holds. */
export const EncryptionState = z.object({
  /** Patient data is sealed for the account's key: on, and not switching off. */
  enabled: z.boolean(),
  /**
   * Switching off began (`POST /encryption/disable`): nothing is sealed any more, and an admin's
   * browser holding the key writes the records still sealed back in the clear; the key is kept
   * (and may be unlocked) until none is left.
   */
  switching_off: z.boolean(),
  /** Bound into every sealing; null while off. */
  key_id: z.uuid().nullable(),
  public_key: z.string().nullable(),
  my_key: z
    .object({
      public_key: z.string(),
      wrapped_private_key: z.string(),
      fingerprint: z.string().describe('Deprecated: computed by the server, so it proves nothing; browsers derive the fingerprint from the key they unlocked.'),
      /** When this key was set (created or replaced). */
      set_at: z.string(),
      /** When this key replaced an earlier one of the user; null for a first key. */
      replaced_at: z.string().nullable(),
    })
    .nullable(),
  my_access: z.object({ status: z.enum(KEY_EXCHANGE_STATUSES), wrapped_account_key: z.string().nullable() }).nullable(),
});
export type EncryptionState = z.infer<typeof EncryptionState>;

/**
 * `GET /encryption/requests` (admins): who asked or holds access, with the public key the admin's
 * browser computes the fingerprint of (and wraps for) and when the user's key was set or replaced.
 */
export const KeyExchange = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string(),
  public_key: z.string(),
  fingerprint: z.string().describe('Deprecated: computed by the server, so it proves nothing; the browser computes it from public_key.'),
  /** When the requester's current key was set; null when they have none any more. */
  key_set_at: z.string().nullable(),
  /** When the requester's current key replaced an earlier one (a stolen session's first step); null for a first key. */
  key_replaced_at: z.string().nullable(),
  status: z.enum(KEY_EXCHANGE_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type KeyExchange = z.infer<typeof KeyExchange>;

/** `GET /encryption/recovery` (admins): the account key under the recovery code. */
export const RecoveryKey = z.object({ recovery_wrapped_key: z.string() });
export type RecoveryKey = z.infer<typeof RecoveryKey>;

/** Patient data sealed in a browser (crypto `seal`): `wf2s.` (or, sealed before records were bound, `wf1s.`) and three base64url parts. */
export const SealedText = z
  .string()
  .max(24_000)
  .regex(/^wf[12]s\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'INVALID_VALUE');

/**
 * A new record's id as the browser that sealed its data chose it (`record_id`, with `sealed_data`
 * only): the sealed text is bound to it, and the server stores the record under it (a taken one
 * is RECORD_ID_TAKEN).
 */
export const SealedRecordId = z.uuid('INVALID_VALUE');

/** What a patient's browser seals for, on the public view of a location while encryption is on. */
export const SealingKey = z.object({ key_id: z.uuid(), public_key: z.string() });
export type SealingKey = z.infer<typeof SealingKey>;

export { SEALED_PATIENT_FIELDS, sealedAnswerKey, type SealedPatientField } from '../crypto/sealed-fields.js';

/** `GET /encryption/sealed` (admins): records still sealed, a batch at a time, for switching off. */
export const SealedRecord = z.object({
  kind: z.enum(['member', 'appointment']),
  id: z.uuid(),
  /** A ticket checked in from an appointment: that appointment, whose sealed text the ticket carries (crypto sealTargets). */
  appointment_id: z.uuid().nullable().optional(),
  /** The staff series whose one sealed text the record carries (crypto sealTargets). */
  sealed_series_id: z.uuid().nullable().optional(),
  sealed_data: z.string(),
});
export type SealedRecord = z.infer<typeof SealedRecord>;
export const SealedBatch = z.object({ records: z.array(SealedRecord), remaining: z.number().int() });
export type SealedBatch = z.infer<typeof SealedBatch>;

const clearText = (max: number) => z.string().max(max).nullable().optional();
/** What an admin's browser opened from one record, to store in the clear again. */
export const UnsealedFields = z.strictObject({
  display_name: clearText(100),
  first_name: clearText(100),
  last_name: clearText(100),
  birth_date: clearText(10),
  insurance_number: clearText(10),
  description: clearText(1000),
  /** Free-text answers by question id. */
  answers: z.record(z.uuid(), z.string().max(500)).optional(),
});
export type UnsealedFields = z.infer<typeof UnsealedFields>;

/** What an admin's browser sends back of a batch it worked on: 1 to 200 records, each named by kind and id. */
const returnedBatch = <Fields extends z.core.$ZodShape>(fields: Fields) =>
  z.strictObject({
    records: z
      .array(z.strictObject({ kind: SealedRecord.shape.kind, id: z.uuid(), ...fields }))
      .min(1)
      .max(200),
  });

/**
 * `POST /encryption/unseal` (admins, while switching off or off): opened records written back in
 * the clear, each only if its sealed text is still the one opened (a record changed meanwhile is
 * left for the next batch). Refused while encryption is on (`ENCRYPTION_ON`).
 */
export const UnsealInput = returnedBatch({ sealed_data: SealedText, fields: UnsealedFields });
export type UnsealInput = z.infer<typeof UnsealInput>;

/**
 * `GET /encryption/clear` (admins, while on): records stored in the clear before encryption was
 * switched on, a batch at a time, with what the browser is to seal of each.
 */
export const ClearRecord = z.object({ kind: SealedRecord.shape.kind, id: z.uuid(), fields: UnsealedFields });
export type ClearRecord = z.infer<typeof ClearRecord>;
export const ClearBatch = z.object({ records: z.array(ClearRecord), remaining: z.number().int() });
export type ClearBatch = z.infer<typeof ClearBatch>;

/**
 * `POST /encryption/seal` (admins, while on): those records sealed in the browser, each written
 * only if it still holds the clear fields read (a record changed meanwhile is left for the next batch).
 */
export const SealInput = returnedBatch({ fields: UnsealedFields, sealed_data: SealedText });
export type SealInput = z.infer<typeof SealInput>;
