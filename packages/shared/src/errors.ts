/**
 * Every error the API can answer with, and its HTTP status. The web app switches on `code`,
 * never on message text; messages live in the i18n catalogues under `errors.<CODE>`.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  MALFORMED_JSON: 400,
  TOKEN_INVALID: 400,
  TOKEN_USED: 400,
  TOKEN_EXPIRED: 400,
  AUTH_HEADER_MISSING: 401,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_NOT_VERIFIED: 403,
  MICROSOFT_LOGIN_FAILED: 401,
  MICROSOFT_LOGIN_UNAVAILABLE: 404,
  /** The password was right and the user has a second factor: the body's `challenge` and `kinds` name the second step. */
  SECOND_FACTOR_REQUIRED: 401,
  /** A wrong one-time code, recovery code or passkey at the second step (five end the challenge). */
  SECOND_FACTOR_INVALID: 401,
  /** The sign-in's challenge is unknown, expired (5 minutes), used or ended by five wrong codes: sign in again. */
  SECOND_FACTOR_CHALLENGE_INVALID: 401,
  /** The practice requires a second factor and the caller (signed in by password) has none: only setting one up is open. */
  SECOND_FACTOR_SETUP_REQUIRED: 403,
  FORBIDDEN: 403,
  /** An API key called a route its scopes do not cover, or one never open to a key (docs/api.md). */
  API_KEY_SCOPE: 403,
  /** The public demo practice: what would let one visitor lock out the next (password, invitations, deleting lists). */
  DEMO_READ_ONLY: 403,
  CANNOT_DELETE_SELF: 400,
  CANNOT_DEMOTE_SELF: 400,
  NOT_FOUND: 404,
  QUEUE_NOT_FOUND: 404,
  MEMBER_NOT_FOUND: 404,
  MONITOR_NOT_FOUND: 404,
  PROFILE_NOT_FOUND: 404,
  /** A sign-in session (`/users/me/sessions/{id}`) that is not the caller's, or is over. */
  LOGIN_SESSION_NOT_FOUND: 404,
  APPOINTMENT_TYPE_NOT_FOUND: 404,
  APPOINTMENT_NOT_FOUND: 404,
  SUBSCRIPTION_INVALID: 402,
  DRAWING_DISABLED: 403,
  KIOSK_DISABLED: 403,
  NOT_BOOKABLE_ONLINE: 403,
  NOT_BOOKABLE_AT_KIOSK: 403,
  QUEUE_CLOSED: 409,
  APPOINTMENT_SLOT_TAKEN: 409,
  /** Outside the rules, in the past, too soon or too far ahead: `fields.start` says which. */
  APPOINTMENT_NOT_BOOKABLE: 422,
  /** A PATCH with a `version` that is no longer current: someone changed the appointment meanwhile. */
  APPOINTMENT_CHANGED: 409,
  /** Cancelled, checked in or over: the change asked for no longer applies. */
  APPOINTMENT_STATE: 409,
  /** A list or location to delete still has upcoming appointments: `count` and `first` name them. */
  QUEUE_HAS_APPOINTMENTS: 409,
  /** A processor to remove still has upcoming appointments: `count` and `first` name them. */
  PROCESSOR_HAS_APPOINTMENTS: 409,
  /** Moving appointments to the list itself, another location's list, or handing them to the processor removed. */
  HANDOVER_TARGET_INVALID: 400,
  /** The list to move to has no appointment type of the same name: `args` names the missing ones. */
  HANDOVER_TYPE_MISSING: 409,
  /** Occurrences of a series whose time is taken: the answer's `conflicts` lists their starts. */
  SERIES_CONFLICT: 409,
  /** More than 366 occurrences, or beyond 10 years ahead. */
  RECURRENCE_TOO_LONG: 422,
  /** A CSV import with faulty rows: `rows` names each by its line; nothing was imported. */
  IMPORT_INVALID: 422,
  MOVE_NOT_ALLOWED: 403,
  /** A save that would leave a questionnaire that can trap a patient: `problems` names each question and option. */
  PROBING_INVALID: 422,
  /** A draw whose interview does not start at the first question, or the location has none. */
  PROBING_NO_FIRST_QUESTION: 422,
  /** A draw whose answers do not follow the questionnaire to this list (a forged or outdated path). */
  PROBING_NEXT_QUESTION_NOT_FOUND: 422,
  /** An answer that asks for a text came without one. */
  PROBING_FREE_TEXT_REQUIRED: 422,
  /** The list asks its questions on every link, and the draw came without answers. */
  PROBING_ANSWERS_REQUIRED: 422,
  /** Billing asked of a self-hosted server (no Stripe key). */
  BILLING_NOT_CONFIGURED: 409,
  /** A device order (or another charge) needs a payment method first. */
  PAYMENT_METHOD_REQUIRED: 409,
  /** Stripe refused the payment method, or the SetupIntent did not succeed. */
  PAYMENT_SETUP_FAILED: 422,
  /** Encryption is switched on already: the account has its key pair. */
  ENCRYPTION_ALREADY_ON: 409,
  /** A sealed draw's or booking's `record_id` (chosen by the browser that sealed it) is the id of a record already. */
  RECORD_ID_TAKEN: 409,
  /** Encryption is off: there is no account key to ask for or to recover. */
  ENCRYPTION_OFF: 409,
  /** The caller has no key pair of their own yet (`PUT /encryption/my-key` first). */
  ENCRYPTION_KEY_MISSING: 409,
  /** Only an admin who holds the account key can hand it on. */
  ENCRYPTION_NO_ACCESS: 403,
  /** The request was approved, rejected or withdrawn meanwhile. */
  KEY_REQUEST_DECIDED: 409,
  /** The CSV import sends names in the clear: refused while the practice encrypts. */
  IMPORT_WHILE_ENCRYPTED: 409,
  /** Switching off while records are still sealed: they are opened and written back first. */
  ENCRYPTION_SEALED_LEFT: 409,
  /** Records written back in the clear while encryption is on: switching off comes first (`POST /encryption/disable`). */
  ENCRYPTION_ON: 409,
  /** Stripe could not be reached or answered with an error; nothing was changed here. */
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  /** A Stripe webhook without a valid signature. */
  WEBHOOK_SIGNATURE_INVALID: 400,
  /** A check-in on another day than the appointment's. */
  CHECK_IN_NOT_TODAY: 409,
  /** A no-show only 15 minutes after the start. */
  NO_SHOW_TOO_EARLY: 409,
  /** An offer's link that opens no offer (unknown, or the appointment is gone). */
  OFFER_NOT_FOUND: 404,
  /** The offered time went to someone else (or is gone): the patient keeps their appointment. */
  OFFER_TAKEN: 409,
  /** The offer's time to answer is over: the patient keeps their appointment. */
  OFFER_EXPIRED: 409,
  /** The type offers no earlier times, or the appointment is not ahead and booked. */
  EARLIER_NOT_OFFERED: 409,
  INTAKE_SUSPENDED: 409,
  NUMBER_RANGE_EXHAUSTED: 409,
  MEMBER_STATE: 409,
  MEMBER_CHANGED: 409,
  NO_WAITING_MEMBER: 409,
  MAX_CONCURRENT_PROCESSING: 409,
  /**
   * A list's max_concurrent_processing changes only together with a close (TERMINATE carries the
   * new value, docs/product.md#states-and-transitions): a PATCH of it is refused while the list is open.
   */
  MAX_CONCURRENT_CHANGE_NEEDS_CLOSE: 409,
  /** Choosing who serves a ticket, by a processor who only manages its list while the list does not allow that. */
  PROCESSOR_SELECTION_NOT_ALLOWED: 403,
  /** The processor chosen to serve a ticket does not actively process its list. */
  PROCESSOR_NOT_SERVING: 409,
  /** The processor's own limit of members in processing at once (stricter than the list's, or alone). */
  PROCESSOR_MAX_CONCURRENT_PROCESSING: 409,
  /** A hand-over beyond the recipient's own limit (the caller may `force` it). */
  RECIPIENT_MAX_CONCURRENT_PROCESSING: 409,
  TIME_PRIORITY_TAG_EXISTS: 409,
  /** An invitation sent again to a processor who has already signed in: a password reset is the way. */
  INVITATION_ACCEPTED: 409,
  /** A password reset for a processor who has not accepted the invitation yet: send the invitation again. */
  INVITATION_PENDING: 409,
  UNIQUE: 409,
  SESSION_UNCHANGED: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** An image over 2 MB ('wrong file type' and 'load error' are the two below). */
  IMAGE_TOO_LARGE: 413,
  /** An upload that is no PNG, JPEG, WebP or SVG, judged by its bytes, not its name. */
  IMAGE_TYPE_UNSUPPORTED: 415,
  /** The bytes claim an image kind but cannot be read as one (broken or truncated). */
  IMAGE_UNREADABLE: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UPGRADE_REQUIRED: 426,
  TOO_MANY_LOGIN_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  SESSION_EXPIRED: 440,
  INTERNAL: 500,
  /** The database cannot be reached right now (restart, failover); trying again later helps. */
  DATABASE_UNAVAILABLE: 503,
  /** SMS asked for (`notify_sms`, an SMS reminder or alert) on a server without `SMS_URL`: it would never be sent. */
  SMS_NOT_CONFIGURED: 400,
  /** SMS asked for on a list whose `may_activate_sms_notifications` is off. */
  SMS_NOT_ALLOWED: 400,
  /** A webhook endpoint that is not the caller's practice's, or does not exist. */
  WEBHOOK_ENDPOINT_NOT_FOUND: 404,
  /** A delivery that is not one of this endpoint's. */
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  /** A webhook URL that is not https, or whose host is or resolves to a private, loopback or link-local address (SSRF). */
  WEBHOOK_URL_NOT_ALLOWED: 422,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field-level validation codes; messages live under `validation.<CODE>`. */
export type FieldErrorCode =
  | 'REQUIRED'
  | 'MIN_LENGTH'
  | 'MAX_LENGTH'
  | 'INVALID_EMAIL'
  | 'INVALID_TYPE'
  | 'INVALID_VALUE'
  | 'UNKNOWN_FIELD'
  | 'ENCRYPTION_CHANGED'
  | 'PASSWORD_MISMATCH'
  | 'CONSENT_REQUIRED'
  | 'IDENTIFIER_IN_USE'
  | 'IDENTIFIER_INVALID'
  | 'IDENTIFIER_RESERVED'
  | 'MAIL_IN_USE'
  | 'TOKEN_MISSING'
  | 'PASSWORD_WRONG'
  | 'CODE_WRONG'
  | 'NOT_WITH_EVENT'
  | 'UNTIL_IN_PAST'
  | 'SCHEDULE_ENTRY_EXISTS'
  | 'NO_DELAY_MUST_BE_ZERO'
  | 'DELAY_MINUTES_REQUIRED'
  | 'AGE_ZERO'
  | 'AGE_RANGE'
  | 'AGE_NEEDS_BIRTH_DATE'
  | 'NUMBER_END_NEEDS_START'
  | 'NUMBER_RANGE'
  | 'INVALID_COLOR'
  | 'INVALID_PHONE'
  | 'TOO_MANY_LINES'
  | 'MIN_VALUE'
  | 'MAX_VALUE'
  | 'INVALID_TIME_ZONE'
  | 'INVALID_REGION'
  | 'SVNR_FORMAT'
  | 'SVNR_LEADING_ZERO'
  | 'SVNR_DATE'
  | 'SVNR_CHECK_DIGIT'
  | 'INVALID_DATE'
  | 'BIRTH_DATE_FUTURE'
  | 'TOO_YOUNG'
  | 'TOO_OLD'
  | 'SLOT_EXISTS'
  | 'END_NOT_AFTER_START'
  | 'MAIL_OR_PHONE_REQUIRED'
  | 'RANGE_TOO_LONG'
  | 'IN_PAST'
  | 'TOO_SHORT_NOTICE'
  | 'TOO_FAR_AHEAD'
  | 'OUTSIDE_HOURS'
  | 'UNTIL_OR_COUNT'
  | 'TIME_TAKEN'
  | 'NOT_FOUND';

export interface FieldError {
  code: FieldErrorCode;
  message: string;
}

/** The body of every error response. */
export interface ApiError {
  statusCode: number;
  code: ErrorCode;
  message: string;
  fields?: Record<string, FieldError>;
  /** SERIES_CONFLICT: the starts (ISO 8601, local offset) whose time is taken. */
  conflicts?: string[];
  /** IMPORT_INVALID: the faulty rows by their line in the file (the header is line 1). */
  rows?: { line: number; fields: Record<string, FieldError> }[];
  /** PROBING_INVALID: each problem at its question and option, with a message naming both. */
  problems?: ProbingProblemBody[];
  /** QUEUE_HAS_APPOINTMENTS, PROCESSOR_HAS_APPOINTMENTS: how many upcoming appointments… */
  count?: number;
  /** …and the first of their starts (ISO 8601), earliest first (handover.schemas.ts). */
  first?: string[];
  /** SECOND_FACTOR_REQUIRED: the second step's challenge, what may answer it, WebAuthn options (second-factors.schemas.ts). */
  challenge?: string;
  kinds?: ('TOTP' | 'PASSKEY' | 'RECOVERY_CODE')[];
  passkey_options?: Record<string, unknown>;
}

/** A questionnaire problem in an error body (the shape of ProbingProblem in probing.schemas.ts). */
export interface ProbingProblemBody {
  question_id: string | null;
  option_id: string | null;
  option_index: number | null;
  field: string;
  code: string;
  severity: 'error' | 'warning';
  message: string;
}

/** True for a value shaped like an error response body. */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && 'code' in value && 'statusCode' in value;
}
