import { isApiError, RENEWAL_COOKIE_HEADER, type ApiError, type ErrorCode, type LoggedUser } from '@wartefrei/shared';
import { getUser, hasValidToken, readStoredUser, setUser } from './session';
import { isReportable, reportFailedRequest } from './report-failure';
import { currentLanguage } from '../i18n';

/** A failed call: `status` 0 and `network` true when the server could not be reached. */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ApiError | undefined,
    readonly network = false,
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
}

type ApiEvent = { type: 'session-expired' } | { type: 'error'; message: string };
const listeners = new Set<(event: ApiEvent) => void>();

/**
 * The frame listens here: a 440 opens the "session expired" dialog, any other failure shows the
 * "Fehler" notification. Network errors stay silent (the page shows its own offline state).
 */
export function onApiEvent(listener: (event: ApiEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(event: ApiEvent): void {
  for (const listener of listeners) listener(event);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** A body that is no JSON (a CSV import): sent as it is, with its media type. */
  rawBody?: { content: string; type: string };
  /** A multipart body (an image upload): the browser writes its media type with the boundary. */
  form?: FormData;
  query?: Record<string, string | number | boolean | undefined>;
  /** Basic auth header to send instead of the stored user's (sign-in sends username:password). */
  authorization?: string;
  /** No notification on failure: the caller shows the error itself (e.g. next to form fields). */
  silent?: boolean;
  signal?: AbortSignal;
  /** Set on the one retry after a renewed session: a second 440 shows the dialog. */
  renewed?: boolean;
}

let renewing: Promise<boolean> | undefined;

/** One renewal at a time across this origin's tabs (Web Locks; without them, per tab only). */
async function acrossTabs(work: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return work();
  let done = false;
  await locks.request('wartefrei-renewal', async () => {
    done = await work();
  });
  return done;
}

/**
 * "Stay signed in" (docs/product.md#errors, docs/security.md#sessions): after a 440, the renewal
 * key in the HttpOnly cookie gets a new token once — shared by every call that met the 440 at
 * the same time — and answers whether it did. The key is spent by its use and a second use ends
 * the session, so two tabs must not both renew: they take turns (a lock), and a tab whose turn
 * comes after another tab renewed takes that tab's token (the stored user) instead. Without a
 * cookie, or when the server refuses it, the caller shows the dialog.
 */
function renewSession(): Promise<boolean> {
  const expired = getUser();
  if (!expired?.renewal_cookie) return Promise.resolve(false);
  renewing ??= acrossTabs(async () => {
    const stored = readStoredUser();
    if (stored && stored.token !== expired.token && hasValidToken(stored)) {
      setUser(stored);
      return true;
    }
    const response = await fetch('/auth/renew', { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json', [RENEWAL_COOKIE_HEADER]: 'cookie' } });
    if (!response.ok) return false;
    setUser((await response.json()) as LoggedUser);
    return true;
  })
    .catch(() => false)
    .finally(() => {
      renewing = undefined;
    });
  return renewing;
}

/** `Authorization: Basic …` for a name and a secret. */
export function basicAuth(name: string, secret: string): string {
  const bytes = new TextEncoder().encode(`${name}:${secret}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/** Calls the API with the user's token and language; throws ApiRequestError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiResponse(path, options);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/**
 * The successful answer itself, its body unread: for files (exports, invoices, the DPA), which
 * must go the way of every other call — the user's token and language, and after a 440 the
 * renewal with the stored key and one retry — not a `fetch` of their own that meets the 440
 * alone. Throws ApiRequestError on failure.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', body, query, silent = false } = options;
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLanguage() };
  const user = getUser();
  const authorization = options.authorization ?? (user ? basicAuth(user.id, user.token) : undefined);
  if (authorization) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.rawBody) headers['content-type'] = options.rawBody.type;
  const sent = options.rawBody ? options.rawBody.content : body === undefined ? undefined : JSON.stringify(body);
  const sentLength = options.form ? [...options.form.values()].reduce((sum, value) => sum + (typeof value === 'string' ? value.length : value.size), 0) : (sent?.length ?? 0);

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: options.form ?? sent, signal: options.signal });
  } catch (error) {
    if (isReportable(error, undefined)) reportFailedRequest(method, url.pathname, sentLength);
    throw new ApiRequestError(error instanceof Error ? error.message : 'network error', 0, undefined, true);
  }
  if (isReportable(undefined, response.status)) reportFailedRequest(method, url.pathname, sentLength);
  if (response.ok) return response;
  const parsed: unknown = await response.json().catch(() => undefined);
  const apiError = isApiError(parsed) ? parsed : undefined;
  // A questionnaire's refusal names each question and option: those belong in the message.
  const problems = apiError?.problems?.map((p) => p.message).join(' · ');
  const message = (apiError?.message ? `${apiError.message}${problems ? `: ${problems}` : ''}` : '') || response.statusText || `HTTP ${response.status}`;
  const error = new ApiRequestError(message, response.status, apiError);
  if (response.status === 440) {
    // A call made with other credentials (a sign-in) is not the session's to renew.
    if (!options.renewed && !options.authorization && (await renewSession())) return apiResponse(path, { ...options, renewed: true });
    emit({ type: 'session-expired' });
  } else if (!silent) emit({ type: 'error', message });
  throw error;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  /** A body only where the server asks for one (the password again: DELETE /users/me/second-factors/{id}). */
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
