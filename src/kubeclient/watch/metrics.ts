/**
 * Prometheus collectors for watches, in a registry the caller owns (never prom-client's global
 * one). One WatchMetrics per registry and prefix; each watch reports under its own
 * `watcher_instance` label.
 *
 *   <prefix>_client_calls_total{method="List"|"Watch"}   calls to the client
 *   <prefix>_relist_requests_total                        relist() calls
 *   <prefix>_events_total{type}                           watch events, errors and bookmarks included
 *   <prefix>_errors_total{source="List"|"Watch"|"Watch.Event"}
 *   <prefix>_alive_current                                1 from start until stop()
 *   <prefix>_failing_current                              1 while the last call failed and a retry waits
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export type ClientMethod = 'List' | 'Watch';
export type ErrorSource = 'List' | 'Watch' | 'Watch.Event';

export interface WatchMetricsOptions {
  registry: Registry;
  /** e.g. "pier_kubernetes_watchers" */
  prefix: string;
}

export class WatchMetrics {
  readonly clientCalls: Counter<'watcher_instance' | 'method'>;
  readonly relistRequests: Counter<'watcher_instance'>;
  readonly events: Counter<'watcher_instance' | 'type'>;
  readonly errors: Counter<'watcher_instance' | 'source'>;
  readonly alive: Gauge<'watcher_instance'>;
  readonly failing: Gauge<'watcher_instance'>;

  constructor({ registry, prefix }: WatchMetricsOptions) {
    const registers = [registry];
    this.clientCalls = new Counter({
      name: `${prefix}_client_calls_total`, help: 'Calls to the Kubernetes client, by method', labelNames: ['watcher_instance', 'method'], registers,
    });
    this.relistRequests = new Counter({
      name: `${prefix}_relist_requests_total`, help: 'Explicit relist requests', labelNames: ['watcher_instance'], registers,
    });
    this.events = new Counter({
      name: `${prefix}_events_total`, help: 'Watch events received, by type (ERROR and BOOKMARK included)', labelNames: ['watcher_instance', 'type'], registers,
    });
    this.errors = new Counter({
      name: `${prefix}_errors_total`, help: 'Failed lists and watches and ERROR events, by source', labelNames: ['watcher_instance', 'source'], registers,
    });
    this.alive = new Gauge({
      name: `${prefix}_alive_current`, help: '1 while the watch runs (healthy or failing), else 0', labelNames: ['watcher_instance'], registers,
    });
    this.failing = new Gauge({
      name: `${prefix}_failing_current`, help: '1 while the last call failed and a retry waits, else 0', labelNames: ['watcher_instance'], registers,
    });
  }

  instance(name: string): WatchInstanceMetrics {
    return new WatchInstanceMetrics(this, name);
  }
}

/** The collectors of one watch, with its label bound. */
export class WatchInstanceMetrics {
  constructor(private readonly metrics: WatchMetrics, readonly name: string) {}

  clientCall(method: ClientMethod): void {
    this.metrics.clientCalls.inc({ watcher_instance: this.name, method });
  }

  relistRequested(): void {
    this.metrics.relistRequests.inc({ watcher_instance: this.name });
  }

  event(type: string): void {
    this.metrics.events.inc({ watcher_instance: this.name, type });
  }

  error(source: ErrorSource): void {
    this.metrics.errors.inc({ watcher_instance: this.name, source });
  }

  setAlive(alive: boolean): void {
    this.metrics.alive.set({ watcher_instance: this.name }, alive ? 1 : 0);
  }

  setFailing(failing: boolean): void {
    this.metrics.failing.set({ watcher_instance: this.name }, failing ? 1 : 0);
  }
}
