/**
 * The Kubernetes provider: one list+watch (./watch) per kind and watched namespace, each object
 * stored into its bus table as it changes, deleted when it goes. `providerSynced` is set once
 * every watch has listed (or has been reported as unable to: a CRD not installed, a permission
 * missing); translators wait for it, so they never publish a half-read cluster.
 *
 * A kind that cannot be listed at start (404: its CRD is not installed; 403: Pier lacks the
 * permission) is reported once, in the log and on the bus's provider errors, and tried again
 * every `retryMs` until it can be: a CRD installed later is picked up then. An experimental-only
 * kind (gateway.networking.x-k8s.io) whose CRD is absent is only logged at info: clusters on the
 * standard channel lack it by design. A server that does
 * not answer at all keeps the provider unsynced and is tried again with backoff.
 */
import type { KubeConnection } from '../../kubeclient/config';
import type { Registry } from 'prom-client';
import type { KubeObject } from '../../apis/meta';
import type { ObservedStatus, ProviderError } from '../../message/resources';
import { anyTable, tableKey, type ResourceTables } from '../../message/tables';
import type { WatchableMap } from '../../message/watchable';
import { componentLogger, type Logger } from '../../logging/logger';
import { isExperimentalOnly, WATCHED_KINDS, watchScopes, type WatchedKind, type WatchScope } from './kinds';
import { observedStatus, publishable, trimmed } from './publish';
import { ApiWatchClient, KubernetesApiError, WatchMetrics, watch, type WatchStore } from '../../kubeclient/watch';
import { backoffDelay, sleep } from '../../kubeclient/watch/backoff';

/** Prefix of the watch helper's metrics (docs/operations.md lists them). */
export const WATCH_METRICS_PREFIX = 'pier_kubernetes_watchers';

export const PROVIDER_NAME = 'kubernetes';
/**
 * Objects per list page. A list's pages come one after the other, so at start the wait grows
 * with their number: 10,000 HTTPRoutes are 20 pages at client-go's 500 and 2 at this size
 * (bench/RESULTS.md §10: restart to full configuration 3.3-3.6 s against 2.7-3.1 s, for ~20 MiB
 * more RSS).
 */
const LIST_PAGE_SIZE = 5000;

export interface KubernetesProviderOptions {
  connection: KubeConnection;
  /** Only these namespaces (namespaced kinds); empty: all. */
  namespaces: readonly string[];
  tables: ResourceTables;
  synced: WatchableMap<string, true>;
  errors: WatchableMap<string, ProviderError[]>;
  /** Where the status of each status-bearing object goes, as the API server holds it (for the status writer). */
  observedStatuses?: WatchableMap<string, ObservedStatus>;
  /** Kinds of optional built-in APIs the API server does not serve now (Bus.unservedKinds). */
  unservedKinds?: WatchableMap<string, true>;
  registry: Registry;
  logger: Logger;
  /** How often a kind that could not be listed (missing CRD or permission) is tried again. Default 10 s. */
  retryMs?: number;
  /** For tests: the kinds to watch. Default every kind Pier translates. */
  kinds?: readonly WatchedKind[];
}

type ObjectWatch = WatchStore<KubeObject & { metadata: { name: string } }>;

/** Why a scope is not watched: reported once per distinct reason. */
type Settled = 'watching' | 'reported' | 'pending';

export class KubernetesProvider {
  private readonly log: Logger;
  private readonly metrics: WatchMetrics;
  private readonly stopController = new AbortController();
  private readonly watches = new Map<string, ObjectWatch>();
  private readonly state = new Map<string, Settled>();
  private readonly loops: Promise<void>[] = [];
  private readonly scopes: WatchScope[];
  private syncedResolve: (() => void) | undefined;

  constructor(private readonly options: KubernetesProviderOptions) {
    this.log = componentLogger(options.logger, 'kubernetes-provider');
    this.metrics = new WatchMetrics({ registry: options.registry, prefix: WATCH_METRICS_PREFIX });
    this.scopes = watchScopes(options.kinds ?? WATCHED_KINDS, options.namespaces);
  }

  /** Resolves once every kind is listed or reported (the provider is synced), or on stop(). */
  start(): Promise<void> {
    const synced = new Promise<void>((resolve) => { this.syncedResolve = resolve; });
    for (const scope of this.scopes) {
      this.state.set(scope.instance, 'pending');
      this.loops.push(this.keepWatching(scope));
    }
    this.log.info({ kinds: this.scopes.map((s) => s.instance), namespaces: this.options.namespaces.length ? this.options.namespaces : 'all' }, 'watching the cluster');
    return Promise.race([synced, new Promise<void>((resolve) => this.stopController.signal.addEventListener('abort', () => resolve(), { once: true }))]);
  }

  async stop(): Promise<void> {
    this.stopController.abort();
    await Promise.all([...this.watches.values()].map((w) => w.stop()));
    await Promise.all(this.loops);
  }

  /** The kinds watched now (for tests and the admin API). */
  watching(): string[] {
    return [...this.watches.keys()].sort();
  }

  /** Starts the scope's watch, retrying until it runs (or the provider stops). */
  private async keepWatching(scope: WatchScope): Promise<void> {
    const table = anyTable(this.options.tables, scope.kind.table);
    const statuses = scope.kind.hasStatus ? this.options.observedStatuses : undefined;
    const kind = scope.kind.resource.kind;
    const put = (obj: KubeObject & { metadata: { name: string } }): void => {
      table.store(tableKey(obj), publishable(obj));
      if (statuses) statuses.store(...observedStatus(kind, obj));
    };
    const errorKey = `kubernetes ${scope.instance}`;
    let attempt = 0;
    while (!this.stopController.signal.aborted) {
      try {
        const store = await watch<KubeObject & { metadata: { name: string } }>({
          instance: scope.instance,
          client: new ApiWatchClient({ connection: this.options.connection, resource: scope.kind.resource, namespace: scope.namespace, pageSize: LIST_PAGE_SIZE }),
          logger: this.options.logger,
          metrics: this.metrics,
          listOptions: scope.listOptions,
          transform: trimmed,
          initMode: 'sync',
          handlers: {
            add: put,
            update: (_old, obj) => put(obj),
            delete: (obj) => {
              table.delete(tableKey(obj));
              if (statuses) statuses.delete(observedStatus(kind, obj)[0]);
            },
          },
        });
        if (this.stopController.signal.aborted) {
          await store.stop();
          return;
        }
        this.watches.set(scope.instance, store);
        if (scope.kind.optional === 'feature') this.options.unservedKinds?.delete(scope.kind.resource.kind);
        if (this.state.get(scope.instance) === 'reported') {
          this.options.errors.delete(errorKey);
          this.log.info({ kind: scope.kind.resource.kind, scope: scope.instance, objects: store.size }, 'now watching a kind that could not be listed before');
        }
        this.settle(scope.instance, 'watching');
        return;
      } catch (err) {
        if (this.stopController.signal.aborted) return;
        const cause = (err as Error).cause;
        const status = cause instanceof KubernetesApiError ? cause.statusCode : 0;
        if (status === 404 || status === 403) {
          if (this.state.get(scope.instance) !== 'reported' && status === 404 && isExperimentalOnly(scope.kind)) {
            // Clusters on the standard channel have no experimental-only CRDs, by design: nothing to report.
            this.log.info({ kind: scope.kind.resource.kind, scope: scope.instance },
              `${scope.kind.resource.kind} (${scope.kind.resource.group}/${scope.kind.resource.version}) is not served (an experimental-channel CRD); looked for again every ${Math.round(this.retryMs / 1000)} s`);
            this.settle(scope.instance, 'reported');
          } else if (this.state.get(scope.instance) !== 'reported') {
            const { kind: name, group, version } = scope.kind.resource;
            const why = scope.kind.optional === 'crd' ? 'its CRD is not installed' : `the API server does not serve ${group}/${version} (its feature gate and runtime-config are off)`;
            const message = status === 404 && scope.kind.optional
              ? `${name} (${group}/${version}) is not served: ${why}; ${name} objects are ignored until it is (looked for again every ${Math.round(this.retryMs / 1000)} s)`
              : `cannot list ${scope.kind.resource.kind}: ${(err as Error).message}; tried again every ${Math.round(this.retryMs / 1000)} s`;
            this.options.errors.store(errorKey, [{ source: errorKey, message }]);
            // Before settling: the first translation already knows the kind is not there.
            if (status === 404 && scope.kind.optional === 'feature') this.options.unservedKinds?.store(name, true);
            this.log.warn({ kind: scope.kind.resource.kind, scope: scope.instance, status }, message);
            this.settle(scope.instance, 'reported');
          }
          await sleep(this.retryMs, this.stopController.signal);
        } else {
          this.log.warn({ kind: scope.kind.resource.kind, scope: scope.instance, error: (err as Error).message, attempt: attempt + 1 }, 'cannot reach the API server to list; trying again');
          await sleep(backoffDelay({ initialMs: 500, maxMs: 30_000 }, attempt++), this.stopController.signal);
        }
      }
    }
  }

  private get retryMs(): number {
    return this.options.retryMs ?? 10_000;
  }

  private settle(instance: string, state: Settled): void {
    this.state.set(instance, state);
    if (this.syncedResolve && [...this.state.values()].every((s) => s !== 'pending')) {
      this.options.synced.store(PROVIDER_NAME, true);
      this.log.info({ watching: this.watches.size, reported: [...this.state.values()].filter((s) => s === 'reported').length }, 'initial state of the cluster published');
      this.syncedResolve();
      this.syncedResolve = undefined;
    }
  }
}
