/** Errors from the API server, with the HTTP status and the Status reason kept for decisions. */
import type { ApiStatus } from './types';

export class KubernetesApiError extends Error {
  constructor(
    message: string,
    /** HTTP status code (or the code of an ERROR event's Status); 0 when the request never got an answer. */
    readonly statusCode: number,
    /** metav1.Status reason, e.g. "Expired", "Forbidden", "NotFound". */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'KubernetesApiError';
  }
}

/** 410 Gone: the requested resourceVersion is older than the server keeps. */
export function isGone(err: unknown): boolean {
  return err instanceof KubernetesApiError && err.statusCode === 410;
}

/** An error for a Status received from the server (an ERROR watch event or an error body). */
export function apiStatusError(status: ApiStatus, what: string): KubernetesApiError {
  const code = status.code ?? 0;
  const detail = [status.reason, status.message].filter(Boolean).join(': ') || 'no message';
  return new KubernetesApiError(`${what}: ${code || 'error'} ${detail}`, code, status.reason);
}

export function describeError(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
