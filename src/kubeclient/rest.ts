/**
 * Plain JSON requests to the API server with a KubeConnection's TLS and credentials, over
 * node-fetch: status subresources, Leases, Secrets, infrastructure objects, CRDs.
 */
import fetch from 'node-fetch';
import type { KubeConnection } from './config';

/** A failed request, with the HTTP status and the Status reason kept for decisions. */
export class KubeRequestError extends Error {
  constructor(message: string, readonly statusCode: number, readonly reason?: string) {
    super(message);
    this.name = 'KubeRequestError';
  }
}

export function isStatus(err: unknown, code: number): boolean {
  return err instanceof KubeRequestError && err.statusCode === code;
}

export interface KubeRequestOptions {
  body?: unknown;
  /** Default application/json; a PATCH names its kind (application/apply-patch+yaml: server-side apply). */
  contentType?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** What the status writer and leader election need of a client (unit tests script one). */
export interface KubeRequester {
  request<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options?: KubeRequestOptions): Promise<T>;
}

export class KubeRestClient implements KubeRequester {
  constructor(private readonly connection: KubeConnection) {}

  /** Resolves with the parsed body of a 2xx answer; rejects with a KubeRequestError naming the verb, path and the server's message. */
  async request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, options: KubeRequestOptions = {}): Promise<T> {
    let response;
    try {
      const init = await this.connection.requestInit();
      const headers: Record<string, string> = { ...init.headers, accept: 'application/json' };
      if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
      response = await fetch(`${this.connection.server}${path}`, {
        agent: init.agent, method, headers, signal: options.signal, timeout: options.timeoutMs ?? 30_000,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
    } catch (err) {
      throw new KubeRequestError(`${method} ${path}: ${(err as Error).message}`, 0);
    }
    const text = await response.text();
    if (!response.ok) {
      let status: { reason?: string; message?: string } = {};
      try { status = JSON.parse(text) as typeof status; } catch { status = { message: text.trim().slice(0, 300) }; }
      throw new KubeRequestError(`${method} ${path}: ${response.status} ${status.reason ?? response.statusText}: ${status.message ?? ''}`, response.status, status.reason);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
