/**
 * WatchClient on @kubernetes/client-node (1.x): its Watch class for the stream, and a paged GET
 * of the collection with the same transport (KubeConfig's TLS and credentials, node-fetch) for
 * the list. Both yield the API server's JSON as is: client-node's typed list calls would turn
 * core objects into its model classes (Date timestamps, fields it does not know dropped) while
 * its Watch yields plain JSON, and the store must hold one form.
 */
import { Watch, type KubeConfig } from '@kubernetes/client-node';
import fetch from 'node-fetch';
import { KubernetesApiError, apiStatusError } from './errors';
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

export interface ClientNodeWatchClientOptions {
  kubeConfig: KubeConfig;
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

export class ClientNodeWatchClient<T extends WatchedObject> implements WatchClient<T> {
  private readonly path: string;
  private readonly apiVersion: string;

  constructor(private readonly options: ClientNodeWatchClientOptions) {
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
    const query: Record<string, string | number | boolean | undefined> = {
      resourceVersion: options.resourceVersion,
      allowWatchBookmarks: options.allowWatchBookmarks,
      timeoutSeconds: options.timeoutSeconds,
      ...selectors(options),
    };
    let controller: AbortController | undefined;
    const abort = (): void => controller?.abort();
    const ended = new Promise<void>((resolve, reject) => {
      const done = (err: unknown): void => {
        signal.removeEventListener('abort', abort);
        if (!err || signal.aborted) return resolve();
        const status = (err as { statusCode?: unknown }).statusCode;
        reject(typeof status === 'number'
          ? new KubernetesApiError(`watch ${this.path}: ${status} ${(err as Error).message}`, status)
          : new Error(`watch ${this.path}: ${err instanceof Error ? err.message : String(err)}`));
      };
      const started = new Watch(this.options.kubeConfig).watch(this.path, query, (type: string, object: unknown) => {
        if (signal.aborted || !WATCH_EVENT_TYPES.has(type)) return;
        onEvent({ type, object } as WatchEvent<T>);
      }, done);
      started.then((c) => {
        controller = c;
        if (signal.aborted) c.abort();
      }, done);
    });
    signal.addEventListener('abort', abort, { once: true });
    return ended;
  }

  private async get<R>(query: Record<string, string>, signal: AbortSignal): Promise<R> {
    const url = `${this.server()}${this.path}?${new URLSearchParams(query).toString()}`;
    const init = await this.options.kubeConfig.applyToFetchOptions({});
    const response = await fetch(url, { ...init, method: 'GET', signal, timeout: this.options.requestTimeoutMs ?? 60_000 });
    const text = await response.text();
    if (!response.ok) {
      // A missing API group answers in plain text ("404 page not found"), not with a Status.
      let status: ApiStatus = { code: response.status, reason: response.statusText, message: text.trim().slice(0, 500) };
      try {
        status = { ...(JSON.parse(text) as ApiStatus), code: response.status };
      } catch { /* not a Status body */ }
      throw apiStatusError(status, `list ${this.path}`);
    }
    return JSON.parse(text) as R;
  }

  private server(): string {
    const cluster = this.options.kubeConfig.getCurrentCluster();
    if (!cluster) throw new Error('the kubeconfig has no current cluster');
    return cluster.server.replace(/\/+$/, '');
  }
}

function selectors(options: ListOptions): Record<string, string> {
  const out: Record<string, string> = {};
  if (options.labelSelector) out.labelSelector = options.labelSelector;
  if (options.fieldSelector) out.fieldSelector = options.fieldSelector;
  return out;
}
