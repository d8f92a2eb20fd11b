import { clearStoredSession, readToken } from '@web/auth/session-storage';

const BASE = '/api';
const LOGIN_PATH = '/login';

/** A failed API call: the HTTP status and the server's `{ error, code, details }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown[] | undefined;
  /** The server's `error` text, when it sent one (screens prefer it over their fallback). */
  readonly serverMessage: string | undefined;

  constructor(status: number, code: string, serverMessage: string | undefined, details?: unknown[]) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.details = details;
  }
}

/** The server's error text when there is one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) {
    return error.serverMessage;
  }
  return fallback;
}

type UnauthorizedHandler = () => void;

function defaultUnauthorized(): void {
  window.location.assign(LOGIN_PATH);
}

let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorized;

/**
 * Lets the session (which can navigate inside the app) take over the redirect after a 401.
 * Returns a function that restores the default full-page redirect.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) {
      unauthorizedHandler = defaultUnauthorized;
    }
  };
}

function handleUnauthorized(): void {
  clearStoredSession();
  if (window.location.pathname !== LOGIN_PATH) {
    unauthorizedHandler();
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') {
      params.set(key, String(value));
    }
  }
  const qs = params.toString();
  return `${BASE}${path}${qs ? `?${qs}` : ''}`;
}

interface ErrorBody {
  error?: unknown;
  code?: unknown;
  details?: unknown;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const b: ErrorBody = body && typeof body === 'object' ? (body as ErrorBody) : {};
  const message = typeof b.error === 'string' && b.error ? b.error : undefined;
  const code = typeof b.code === 'string' ? b.code : `HTTP_${status}`;
  const details = Array.isArray(b.details) ? (b.details as unknown[]) : undefined;
  return new ApiError(status, code, message, details);
}

/** One JSON call to the API with the stored Bearer token; throws ApiError on any failure. */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) {
    headers.Authorization = `Bearer ${token}`;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') {
      throw cause;
    }
    throw new ApiError(0, 'NETWORK_ERROR', undefined);
  }
  const data = await readBody(response);
  if (response.status === 401) {
    handleUnauthorized();
  }
  if (!response.ok) {
    throw toApiError(response.status, data);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
