import { isApiError, type ApiError, type ErrorCode } from '@wartefrei/shared';
import { isReportable, reportFailedRequest } from '../../lib/report-failure';
import { frontLanguage } from './front-i18n';

/** A failed call: `network` when the server could not be reached. */
export class FrontApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: ApiError,
    readonly network = false,
  ) {
    super(message);
  }
  get code(): ErrorCode | undefined {
    return this.body?.code;
  }
}

interface FrontRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  authorization?: string;
  query?: Record<string, string>;
}

/**
 * The front pages' fetch, in the visitor's language. Small on purpose: the staff client
 * (lib/api.ts) brings i18next and the session renewal along, which a signed-out visitor needs not.
 */
export async function frontRequest<T>(path: string, { method = 'GET', body, authorization, query }: FrontRequest = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': frontLanguage() };
  if (authorization) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const sent = body === undefined ? undefined : JSON.stringify(body);
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: sent });
  } catch (error) {
    if (isReportable(error, undefined)) reportFailedRequest(method, url.pathname, sent?.length ?? 0);
    throw new FrontApiError(error instanceof Error ? error.message : 'network error', 0, undefined, true);
  }
  if (isReportable(undefined, response.status)) reportFailedRequest(method, url.pathname, sent?.length ?? 0);
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  const parsed: unknown = await response.json().catch(() => undefined);
  const apiError = isApiError(parsed) ? parsed : undefined;
  throw new FrontApiError(apiError?.message || response.statusText || `HTTP ${response.status}`, response.status, apiError);
}

/** `Authorization: Basic …` for a name and a secret (UTF-8, as the server reads it). */
export function basicAuth(name: string, secret: string): string {
  const bytes = new TextEncoder().encode(`${name}:${secret}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}
