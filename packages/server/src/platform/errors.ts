import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  ERROR_STATUS,
  hasTranslation,
  translate,
  type ApiError,
  type ErrorCode,
  type FieldError,
  type FieldErrorCode,
  type ProbingProblemBody,
  type SupportedLang,
} from '@wartefrei/shared';
import { isDatabaseUnavailable } from '../db/database-unavailable.js';
import { requestLang } from './i18n.js';

export type FieldProblem = FieldErrorCode | { code: FieldErrorCode; args?: (string | number)[] };

interface AppErrorOptions {
  fields?: Record<string, FieldProblem>;
  /** Arguments for the message template (`{0}`, ...). */
  args?: (string | number)[];
  headers?: Record<string, string>;
  /** SERIES_CONFLICT: the starts whose time is taken. */
  conflicts?: string[];
  /** IMPORT_INVALID: the faulty rows of a file, by line. */
  rows?: { line: number; fields: Record<string, FieldProblem> }[];
  /** PROBING_INVALID: the questionnaire's problems, each with its message already in the caller's language. */
  problems?: ProbingProblemBody[];
  /** QUEUE_HAS_APPOINTMENTS, PROCESSOR_HAS_APPOINTMENTS: how many upcoming appointments, and the first starts. */
  upcoming?: { count: number; first: string[] };
  /** SECOND_FACTOR_REQUIRED: the second step's challenge, what may answer it, the WebAuthn request options. */
  secondFactor?: { challenge: string; kinds: ('TOTP' | 'PASSKEY' | 'RECOVERY_CODE')[]; passkey_options?: Record<string, unknown> };
}

/** The one error type of the server: a stable code; status and message follow from it. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: AppErrorOptions = {},
  ) {
    super(code);
    this.statusCode = ERROR_STATUS[code];
  }
}

/** The field's label in the caller's language, or its raw name when the catalogue has none. */
function fieldLabel(lang: SupportedLang, field: string): string {
  return hasTranslation(lang, 'fields', field) ? translate(lang, 'fields', field) : field;
}

/** Field problems with their messages in the caller's language. */
function presentFields(fields: Record<string, FieldProblem>, lang: SupportedLang): Record<string, FieldError> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, problem]): [string, FieldError] => {
      const { code, args = [] } = typeof problem === 'string' ? { code: problem } : problem;
      return [field, { code, message: translate(lang, 'validation', code, [fieldLabel(lang, field), ...args]) }];
    }),
  );
}

/** Builds the error body in the caller's language. */
export function presentError(error: AppError, lang: SupportedLang): ApiError {
  const body: ApiError = {
    statusCode: error.statusCode,
    code: error.code,
    message: translate(lang, 'errors', error.code, error.options.args),
  };
  if (error.options.conflicts) body.conflicts = error.options.conflicts;
  if (error.options.problems) body.problems = error.options.problems;
  if (error.options.upcoming) Object.assign(body, error.options.upcoming);
  if (error.options.secondFactor) Object.assign(body, error.options.secondFactor);
  if (error.options.fields) body.fields = presentFields(error.options.fields, lang);
  if (error.options.rows) body.rows = error.options.rows.map((row) => ({ line: row.line, fields: presentFields(row.fields, lang) }));
  return body;
}

const FIELD_CODE = /^[A-Z_]+$/;

/** Turns the zod issues of a request into one VALIDATION error naming every field. */
function validationError(error: FastifyError): AppError {
  const fields: Record<string, FieldProblem> = {};
  for (const entry of error.validation ?? []) {
    const params = entry.params as { keys?: string[]; minimum?: number; maximum?: number };
    const code = (FIELD_CODE.test(entry.message ?? '') ? entry.message : 'INVALID_VALUE') as FieldErrorCode;
    if (entry.keyword === 'unrecognized_keys' && params.keys) {
      for (const key of params.keys) fields[key] ??= 'UNKNOWN_FIELD';
      continue;
    }
    const field = entry.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    const limit = params.minimum ?? params.maximum;
    fields[field] ??= limit === undefined ? code : { code, args: [Number(limit)] };
  }
  return new AppError('VALIDATION', { fields });
}

/** Fastify's own client errors, by their codes, mapped onto ours. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_BAD_URL: 'VALIDATION',
  // No id of ours is that long: the thing named does not exist.
  FST_ERR_MAX_PARAM_LENGTH: 'NOT_FOUND',
};

/** PostgreSQL's unique_violation, whether raised directly or wrapped by drizzle. */
export function isUniqueViolation(error: unknown): error is { code: string; constraint?: string } {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505');
}

/** Whether a database error (or its cause) is an exclusion constraint refusing an overlap (SQLSTATE 23P01). */
export function isExclusionViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23P01');
}

/** Whether PostgreSQL undid this statement to break a deadlock (SQLSTATE 40P01): the other side went on. */
export function isDeadlock(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '40P01');
}

/**
 * Text PostgreSQL cannot store (SQLSTATE 22021, a NUL character in a string): the client sent
 * it, so it is the client's error — refused before anything was written, like invalid input.
 */
export function isUnstorableText(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | undefined)?.cause];
  return candidates.some((e) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '22021');
}

/** The unique constraint a violation names (on the error or its cause). */
export function violatedConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e.constraint ?? e.cause?.constraint;
}

/** What a 503 DATABASE_UNAVAILABLE suggests as a pause: a restart or failover takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Any error a request raised, as the AppError it is answered with (its code decides the status). */
export function toAppError(error: unknown, req: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fastifyError)) return validationError(fastifyError);
  if (isResponseSerializationError(fastifyError)) {
    req.log.error({ err: error }, 'response did not match its schema');
    return new AppError('INTERNAL');
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (isUniqueViolation(error)) return new AppError('UNIQUE');
  if (isUnstorableText(error)) return new AppError('VALIDATION');
  if (isDatabaseUnavailable(error)) {
    // PostgreSQL is down or restarting: the pool reconnects by itself once it is back, so the
    // caller may simply try again — a 503 with a code, not a 500 that looks like a bug.
    req.log.warn({ err: error }, 'database unavailable');
    return new AppError('DATABASE_UNAVAILABLE', { headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) } });
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) return new AppError('RATE_LIMITED');
  if (status === 404) return new AppError('NOT_FOUND');
  if (status >= 400 && status < 500) {
    req.log.warn({ err: error }, 'unmapped client error');
    return new AppError('VALIDATION');
  }
  req.log.error({ err: error }, 'unexpected error');
  return new AppError('INTERNAL');
}

/** The one error handler: a stable code, a message in the caller's language, no stack trace. */
export function handleError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error, req);
  // reply.header/code return the (thenable) reply itself: never await them here.
  void reply.headers(appError.options.headers ?? {}).code(appError.statusCode);
  return reply.send(presentError(appError, requestLang(req)));
}
