/**
 * The one HTTP client of the SPA (spec section 8).
 *
 * - Paths are relative to the API base, `/api/v1` unless `setApiBase` (or config.json) says otherwise.
 * - JSON in, JSON out; a call resolves with the response body itself.
 * - A bearer `Authorization` header is sent whenever the token provider has a token, and
 *   `Accept-Language` names the interface's language (the server's messages then come in it).
 * - 401: the registered unauthorized handler (the auth "handle 401" action) runs, told the answer's reason when
 *   it names one other than the status (ACCOUNT_DELETED_REASON: an account deleted since its sign-in), the call waits
 *   2000 ms, then a read (GET) resolves with `undefined`; a change (POST, PUT, PATCH, DELETE) rejects with
 *   `SessionEndedError`, so that no screen reports as made a change that was not (docs/decisions/0014).
 * - 403: the registered forbidden handler runs (the auth module reads the signed-in user's profile again: their
 *   roles may have changed since it was read), then the call rejects with its `ApiError` as any other failure does.
 * - An aborted request ('Request aborted'): waits 2000 ms, then resolves with `undefined`.
 * - Any other failure throws an `ApiError` carrying the server's `message` when it sent one,
 *   otherwise the original error's message (an HTTP status alone: said in the interface's language).
 */

import i18next from 'i18next';

export const DEFAULT_API_BASE = '/api/v1';
/** How long a call waits after a 401 or an abort before it resolves with nothing. */
export const BACKOFF_MS = 2000;
export const ABORTED_MESSAGE = 'Request aborted';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;
export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;
export type UnauthorizedHandler = (info: { method: HttpMethod; url: string; reason?: string }) => unknown;
/** Told of every refusal (403): which call the server refused. */
export type ForbiddenHandler = (info: { method: HttpMethod; url: string }) => unknown;
/** The `error` of a 401 for a token of an account deleted since its sign-in: signing in again starts anew. */
export const ACCOUNT_DELETED_REASON = 'Account Deleted';

export interface RequestOptions {
  /** Query-string parameters; arrays repeat the key, null/undefined are left out. */
  params?: QueryParams;
  /** A JSON-serializable body, or FormData / Blob / URLSearchParams / string sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send even when the page is going away (fetch's keepalive: small bodies, such as a layout saved on pagehide). */
  keepalive?: boolean;
}

/** Every failed call (other than 401 and abort) rejects with this. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or undefined when no response arrived (network failure). */
  readonly status: number | undefined;
  /** The parsed response body, when there was one. */
  readonly data: unknown;

  constructor(message: string, options: { status?: number; data?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.data = options.data;
  }
}

/** A change refused because the session had ended (401): the sign-in dialog already says so. */
export class SessionEndedError extends ApiError {
  constructor() {
    super(i18next.t('auth.dialog.message'), { status: 401 });
  }
}

let apiBase = DEFAULT_API_BASE;
let tokenProvider: TokenProvider = () => undefined;
let unauthorizedHandler: UnauthorizedHandler = () => undefined;
let forbiddenHandler: ForbiddenHandler = () => undefined;

export function setApiBase(base: string | undefined | null): void {
  apiBase = base && base.trim() ? base.trim() : DEFAULT_API_BASE;
}

export function getApiBase(): string {
  return apiBase;
}

/** Register where the bearer token comes from (the auth module, once signed in). */
export function setTokenProvider(provider: TokenProvider | null | undefined): void {
  tokenProvider = provider ?? (() => undefined);
}

/** The signed-in user's bearer token now (undefined when signed out): for clients other than this one. */
export async function currentToken(): Promise<string | undefined> {
  return (await tokenProvider()) ?? undefined;
}

/** A 401's `error` when it says more than the status's name ("Unauthorized"). */
async function unauthorizedReason(response: Response): Promise<string | undefined> {
  try {
    const { error } = (await response.json()) as { error?: unknown };
    return typeof error === 'string' && error !== 'Unauthorized' ? error : undefined;
  } catch {
    return undefined;
  }
}

/** Register the auth "handle 401" action. */
export function setOnUnauthorized(handler: UnauthorizedHandler | null | undefined): void {
  unauthorizedHandler = handler ?? (() => undefined);
}

/** Register what a refusal (403) sets off: the auth module's re-read of the signed-in user's profile. */
export function setOnForbidden(handler: ForbiddenHandler | null | undefined): void {
  forbiddenHandler = handler ?? (() => undefined);
}

/** Run a handler the client was given; its own failure must not change what the caller sees. */
function notify(handler: () => unknown): void {
  try {
    const outcome = handler();
    if (outcome instanceof Promise) outcome.catch(() => undefined);
  } catch {
    // Nothing: the call's own outcome stands.
  }
}

/** The full URL of a path: absolute URLs pass through, others are joined to the API base. */
export function buildUrl(path: string, params?: QueryParams): string {
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(path)
    ? path
    : `${apiBase.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const query = toQueryString(params);
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== null && item !== undefined) search.append(key, String(item));
    }
  }
  return search.toString();
}

/** The interface's language first, English as the fallback the server always has. */
function acceptLanguage(): string {
  const language = i18next.language || 'en';
  return language === 'en' ? 'en' : `${language}, en;q=0.5`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function isAbort(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  return name === 'AbortError' || message === ABORTED_MESSAGE;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type') ?? '';
  // A file (the PDF report) comes back as a Blob, byte for byte.
  if (response.ok && /^application\/(pdf|octet-stream)/.test(type)) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  return type.includes('json') ? (JSON.parse(text) as unknown) : text;
}

function serverMessage(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const message = (data as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && message.length && message.every((m) => typeof m === 'string')) {
    return message.join('; ');
  }
  return undefined;
}

export async function request<T = unknown>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T | undefined> {
  const url = buildUrl(path, options.params);
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage(), ...options.headers };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['Content-Type'] ??= 'application/json';
    }
  }

  try {
    const token = await tokenProvider();
    if (token) headers.Authorization = `Bearer ${token}`;

    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: options.signal, ...(options.keepalive ? { keepalive: true } : {}) });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new ApiError(error instanceof Error ? error.message : String(error), { cause: error });
    }

    if (response.status === 401) {
      const reason = await unauthorizedReason(response);
      notify(() => unauthorizedHandler({ method, url, ...(reason ? { reason } : {}) }));
      await sleep(BACKOFF_MS);
      if (method !== 'GET') throw new SessionEndedError();
      return undefined;
    }

    let data: unknown;
    try {
      data = await readBody(response);
    } catch (error) {
      if (isAbort(error)) throw error;
      if (response.ok) {
        throw new ApiError(error instanceof Error ? error.message : String(error), {
          status: response.status,
          cause: error,
        });
      }
      data = undefined;
    }

    if (!response.ok) {
      // Refused: what the user may do may have changed since their profile was read (told before the caller hears).
      if (response.status === 403) notify(() => forbiddenHandler({ method, url }));
      // No message of the server's (a gateway's page, say): the status, said in the interface's language.
      const unavailable = [502, 503, 504].includes(response.status);
      const original = i18next.t(unavailable ? 'common.serverUnavailable' : 'common.requestFailed', { status: response.status });
      throw new ApiError(serverMessage(data) ?? original, { status: response.status, data });
    }
    return data as T;
  } catch (error) {
    if (isAbort(error)) {
      await sleep(BACKOFF_MS);
      return undefined;
    }
    if (error instanceof ApiError) throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

export function get<T = unknown>(path: string, options?: Omit<RequestOptions, 'body'>) {
  return request<T>('GET', path, options);
}

export function post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) {
  return request<T>('POST', path, { ...options, body });
}

export function put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) {
  return request<T>('PUT', path, { ...options, body });
}

export function patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) {
  return request<T>('PATCH', path, { ...options, body });
}

export function del<T = unknown>(path: string, options?: Omit<RequestOptions, 'body'>) {
  return request<T>('DELETE', path, options);
}
