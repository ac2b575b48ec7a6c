/**
 * The tests' own way to change things on the API server (create, update, delete objects; read
 * them back): plain JSON over HTTPS with the admin client certificate, independent of the code
 * under test.
 */
import * as https from 'node:https';
import { readFileSync } from 'node:fs';
import type { ControlPlanePki } from './pki';

export class ApiRequestError extends Error {
  constructor(message: string, readonly status: number, readonly reason: string | undefined) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

export interface RequestOptions {
  body?: unknown;
  contentType?: string;
  timeoutMs?: number;
}

export class TestApiClient {
  private readonly agent: https.Agent;

  constructor(readonly server: string, pki: ControlPlanePki) {
    this.agent = new https.Agent({
      ca: readFileSync(pki.ca.certFile), cert: readFileSync(pki.admin.certFile), key: readFileSync(pki.admin.keyFile), keepAlive: true,
    });
  }

  /** Resolves with the parsed body of a 2xx answer; rejects with the Status message otherwise. */
  request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise<T>((resolve, reject) => {
      const req = https.request(`${this.server}${path}`, {
        method, agent: this.agent, timeout: options.timeoutMs ?? 15_000,
        // content-length always: Node frames a DELETE body only when told its length.
        headers: { accept: 'application/json', ...(payload ? { 'content-type': options.contentType ?? 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => { text += chunk; });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          let parsed: unknown = text;
          try { parsed = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
          if (status >= 200 && status < 300) return resolve(parsed as T);
          const s = parsed as { message?: string; reason?: string } | undefined;
          reject(new ApiRequestError(`${method} ${path}: ${status} ${s?.reason ?? ''}: ${s?.message ?? text.slice(0, 300)}`, status, s?.reason));
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  /** POSTs obj; resolves with what the server stored (defaults and all). */
  create<R = unknown>(collectionPath: string, obj: unknown): Promise<R> {
    return this.request<R>('POST', collectionPath, { body: obj });
  }

  replace<R = unknown>(objectPath: string, obj: unknown): Promise<R> {
    return this.request<R>('PUT', objectPath, { body: obj });
  }

  /** A JSON merge patch. */
  patch<R = unknown>(objectPath: string, patch: unknown): Promise<R> {
    return this.request<R>('PATCH', objectPath, { body: patch, contentType: 'application/merge-patch+json' });
  }

  delete(objectPath: string, propagationPolicy?: 'Foreground' | 'Background' | 'Orphan'): Promise<unknown> {
    return this.request('DELETE', objectPath, propagationPolicy ? { body: { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy } } : {});
  }

  /** Whether the object exists (404 is false; other errors throw). */
  async exists(objectPath: string): Promise<boolean> {
    try {
      await this.get(objectPath);
      return true;
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) return false;
      throw err;
    }
  }

  close(): void {
    this.agent.destroy();
  }
}
