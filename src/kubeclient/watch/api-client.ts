/**
 * WatchClient over the API server's HTTP API (node-fetch with a KubeConnection's TLS and
 * credentials): a paged GET of the collection for the list, a streaming GET with watch=true for
 * the watch, one JSON event per line. Both yield the API server's JSON as is, so the store holds
 * one form.
 */
import fetch, { type Response } from 'node-fetch';
import type { KubeConnection } from '../config';
import { apiStatusError } from './errors';
import type { ApiStatus, ListOptions, ObjectList, WatchClient, WatchEvent, WatchOptions, WatchedObject } from './types';

/** Where a kind lives in the API: group ("" for core), version, plural resource name. */
export interface ResourceKind {
  group: string;
  version: string;
  kind: string;
  plural: string;
  namespaced: boolean;
}

export function apiVersionOf(resource: ResourceKind): string {
  return resource.group ? `${resource.group}/${resource.version}` : resource.version;
}

/** The collection's path: all namespaces, or one namespace of a namespaced kind. */
export function collectionPath(resource: ResourceKind, namespace?: string): string {
  const root = resource.group ? `/apis/${resource.group}/${resource.version}` : `/api/${resource.version}`;
  if (namespace !== undefined && !resource.namespaced) throw new Error(`${resource.kind} is cluster-scoped: it cannot be watched in namespace ${namespace}`);
  return namespace !== undefined ? `${root}/namespaces/${encodeURIComponent(namespace)}/${resource.plural}` : `${root}/${resource.plural}`;
}

export interface ApiWatchClientOptions {
  connection: KubeConnection;
  resource: ResourceKind;
  /** Only this namespace (namespaced kinds); default all. */
  namespace?: string;
  /** Objects per list page. Default 500. */
  pageSize?: number;
  /** Per page. Default 60 s. */
  requestTimeoutMs?: number;
}

interface ListResponse<T> {
  metadata?: { resourceVersion?: string; continue?: string };
  items?: T[];
}

const MAX_LIST_PAGES = 100_000;

const WATCH_EVENT_TYPES = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

export class ApiWatchClient<T extends WatchedObject> implements WatchClient<T> {
  private readonly path: string;
  private readonly apiVersion: string;

  constructor(private readonly options: ApiWatchClientOptions) {
    this.path = collectionPath(options.resource, options.namespace);
    this.apiVersion = apiVersionOf(options.resource);
  }

  async list(options: ListOptions, signal: AbortSignal): Promise<ObjectList<T>> {
    const items: T[] = [];
    let resourceVersion: string | undefined;
    let continueToken: string | undefined;
    let pages = 0;
    do {
      // A server handing back continue tokens forever must not keep this loop going forever.
      if (++pages > MAX_LIST_PAGES) throw new Error(`list ${this.path}: more than ${MAX_LIST_PAGES} pages`);
      const page = await this.get<ListResponse<T>>({
        limit: String(this.options.pageSize ?? 500),
        ...(continueToken ? { continue: continueToken } : {}),
        ...selectors(options),
      }, signal);
      // List items carry no apiVersion/kind; watch events do. Store one form.
      for (const item of page.items ?? []) items.push({ apiVersion: this.apiVersion, kind: this.options.resource.kind, ...item });
      resourceVersion ??= page.metadata?.resourceVersion;
      continueToken = page.metadata?.continue || undefined;
    } while (continueToken);
    if (!resourceVersion) throw new Error(`list ${this.path}: the response has no metadata.resourceVersion`);
    return { items, resourceVersion };
  }

  async watch(options: WatchOptions, onEvent: (event: WatchEvent<T>) => void, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return;
    const query: Record<string, string> = { watch: 'true', ...selectors(options) };
    if (options.resourceVersion !== undefined) query.resourceVersion = options.resourceVersion;
    if (options.allowWatchBookmarks !== undefined) query.allowWatchBookmarks = String(options.allowWatchBookmarks);
    if (options.timeoutSeconds !== undefined) query.timeoutSeconds = String(options.timeoutSeconds);
    let response: Response;
    try {
      const init = await this.options.connection.requestInit();
      response = await fetch(`${this.options.connection.server}${this.path}?${new URLSearchParams(query).toString()}`, {
        agent: init.agent, headers: { ...init.headers, accept: 'application/json' }, method: 'GET', signal,
      });
    } catch (err) {
      if (signal.aborted) return;
      throw new Error(`watch ${this.path}: ${(err as Error).message}`);
    }
    if (response.status !== 200) {
      throw apiStatusError(errorStatus(response, await response.text().catch(() => '')), `watch ${this.path}`);
    }
    await this.readEvents(response, onEvent, signal);
  }

  /** Events until the server ends the stream (resolves) or it breaks (rejects); an abort resolves. */
  private readEvents(response: Response, onEvent: (event: WatchEvent<T>) => void, signal: AbortSignal): Promise<void> {
    const body = response.body as NodeJS.ReadableStream & { destroy(error?: Error): void };
    return new Promise<void>((resolve, reject) => {
      let pending = '';
      let settled = false;
      const finish = (err?: Error): void => {
        if (settled) return;
        settled = true;
        if (err && !signal.aborted) reject(err);
        else resolve();
      };
      const line = (text: string): void => {
        if (text.trim() === '') return;
        let event: { type?: unknown; object?: unknown };
        try {
          event = JSON.parse(text) as typeof event;
        } catch {
          // The stream is no longer in step: end it, and the watch loop resumes from the last event it took in.
          body.destroy();
          finish(new Error(`watch ${this.path}: the server sent a line that is not a JSON event (${text.length} bytes)`));
          return;
        }
        if (signal.aborted || settled || typeof event.type !== 'string' || !WATCH_EVENT_TYPES.has(event.type)) return;
        onEvent({ type: event.type, object: event.object } as WatchEvent<T>);
      };
      body.setEncoding('utf8');
      body.on('data', (chunk: string) => {
        pending += chunk;
        // Lines are cut out by position and the rest kept once: a chunk of many events is not copied per event.
        let start = 0;
        for (let newline = pending.indexOf('\n'); newline >= 0 && !settled; newline = pending.indexOf('\n', start)) {
          line(pending.slice(start, newline));
          start = newline + 1;
        }
        pending = pending.slice(start);
      });
      body.on('end', () => {
        line(pending);
        finish();
      });
      body.on('error', (err: Error) => finish(new Error(`watch ${this.path}: ${err.message}`)));
      body.on('close', () => finish(signal.aborted ? undefined : new Error(`watch ${this.path}: the connection closed mid-stream`)));
    });
  }

  private async get<R>(query: Record<string, string>, signal: AbortSignal): Promise<R> {
    const url = `${this.options.connection.server}${this.path}?${new URLSearchParams(query).toString()}`;
    const init = await this.options.connection.requestInit();
    const response = await fetch(url, {
      agent: init.agent, headers: { ...init.headers, accept: 'application/json' }, method: 'GET', signal, timeout: this.options.requestTimeoutMs ?? 60_000,
    });
    const text = await response.text();
    if (!response.ok) throw apiStatusError(errorStatus(response, text), `list ${this.path}`);
    return JSON.parse(text) as R;
  }
}

/** The Status of an error answer; a missing API group answers in plain text ("404 page not found"), not with a Status. */
function errorStatus(response: Response, text: string): ApiStatus {
  try {
    return { ...(JSON.parse(text) as ApiStatus), code: response.status };
  } catch {
    return { code: response.status, reason: response.statusText, message: text.trim().slice(0, 500) };
  }
}

function selectors(options: ListOptions): Record<string, string> {
  const out: Record<string, string> = {};
  if (options.labelSelector) out.labelSelector = options.labelSelector;
  if (options.fieldSelector) out.fieldSelector = options.fieldSelector;
  return out;
}
