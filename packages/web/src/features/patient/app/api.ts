import { isApiError, type ApiError, type ErrorCode } from '@wartefrei/shared';
import { currentLanguage } from './i18n';
import { takePrefetched } from './prefetch';
import { isReportable, reportFailedRequest } from '../../../lib/report-failure';

/** A failed call: `status` 0 when the server could not be reached. */
export class PatientApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: ApiError,
  ) {
    super(message);
  }
  /**
   * The shared error code, so a comparison with a misspelt code does not compile. A newer
   * server's code unknown to this build is still a string and simply equals none of ours.
   */
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
  /** The per-field messages, already in the caller's language. */
  get fields(): Record<string, string> {
    return Object.fromEntries(Object.entries(this.body?.fields ?? {}).map(([field, problem]) => [field, problem.message]));
  }
}

/**
 * The patient screens' fetch: no login, the patient's language in Accept-Language, errors as
 * PatientApiError. Small on purpose (the staff app's client brings its session handling along).
 * A GET the bootstrap started early (prefetch.ts) is answered from that request.
 */
export async function patientRequest<T>(path: string, init: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const early = init.method === undefined || init.method === 'GET' ? takePrefetched(path) : undefined;
  const method = init.method ?? 'GET';
  const sent = init.body === undefined ? undefined : JSON.stringify(init.body);
  let response: Response;
  try {
    response = await (early ?? fetch(path, { method, headers, body: sent }));
  } catch (error) {
    if (isReportable(error, undefined)) reportFailedRequest(method, path, sent?.length ?? 0);
    throw new PatientApiError(error instanceof Error ? error.message : 'network error', 0);
  }
  if (isReportable(undefined, response.status)) reportFailedRequest(method, path, sent?.length ?? 0);
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  const parsed: unknown = await response.json().catch(() => undefined);
  const body = isApiError(parsed) ? parsed : undefined;
  throw new PatientApiError(body?.message || `HTTP ${response.status}`, response.status, body);
}

/** Whether a failure means "there is no such thing" (as opposed to "try again"). */
export const isNotFound = (error: unknown) => error instanceof PatientApiError && error.status === 404;

/** What a failed call says to the patient: the server's message (in their language), else `fallback` (offline, no body). */
export const failureMessage = (error: unknown, fallback: string) => (error instanceof PatientApiError && error.body?.message ? error.body.message : fallback);
