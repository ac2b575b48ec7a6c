/**
 * Writes the translator's statuses to the API server through the status subresource.
 *
 * - Coalesced: one desired status per object, the latest; a burst of changes to one object is
 *   one write, and nothing queues up under churn.
 * - Only when changed: the object's status as the provider's watch last saw it (bus
 *   observedStatuses, with its resourceVersion) is merged (merge.ts) and written only if it
 *   differs, with no read of its own: the API server sees one request per write. A conflict
 *   (409: the object changed since the watch saw it) is retried by reading the object. Until the
 *   watch shows Pier's own write, the written object stands in for it.
 * - Bounded: at most `concurrency` requests at once, and an object written at most once per
 *   `minIntervalMs`. A Gateway's or ListenerSet's status whose only change is its listeners'
 *   attachedRoutes (it moves with every route added) is also paced by a token bucket per object
 *   (`countOnlyBurst` writes at once, then one per `countOnlyRefillMs`, the period doubling up
 *   to `countOnlyMaxRefillMs` while writes keep waiting for a token, and back once the bucket is
 *   full): a route added now and then is counted as soon as ever, while routes added for a
 *   minute cost a handful of Gateway writes, the last one at most a period after the last route.
 *   Any other change goes out at the normal pace.
 * - What the API server keeps: a status it stored otherwise than sent (it prunes fields its CRD
 *   lacks, e.g. status.addresses[].routability on a cluster with the standard-channel or v1.6
 *   CRDs) is not written again while Pier's status and the stored one stay as they were.
 * - Leadership: only while leading (setLeading); losing it aborts the requests in flight at once;
 *   gaining it re-syncs every status known.
 */
import { X_GATEWAY_GROUP } from '../../apis/gateway';
import { PIER_API_VERSION, PIER_POLICY_KINDS, type PierPolicyKind } from '../../apis/pier';
import { deepEqual } from 'fast-equals';
import type { Registry } from 'prom-client';
import { Counter } from 'prom-client';
import type { KubeRequester } from '../../kubeclient/rest';
import { KubeRequestError, isStatus } from '../../kubeclient/rest';
import { backoffDelay } from '../../kubeclient/watch/backoff';
import type { Bus, ObjectStatus, ObservedStatus } from '../../message/resources';
import { handleSubscription, type Subscription, type WatchableMap } from '../../message/watchable';
import { componentLogger, type Logger } from '../../logging/logger';
import { mergeStatus, sharedField, type LiveObject, type StatusKind } from './merge';

/** Statuses checked in one go before the writer lets other work (the xDS translation) run. */
const CHECKS_PER_TURN = 200;

/** A token bucket pacing the writes that change only attachedRoutes (one per object). */
interface CountOnlyBucket {
  tokens: number;
  /** When tokens was counted (epoch ms). */
  at: number;
  /** The period one token takes to come back, as of now. */
  refillMs: number;
}

/**
 * Delays between attempts at a status write that failed: 1-2 s, then 2-4 s, 4-8 s... up to
 * 30-60 s (backoffDelay draws from the upper half of each doubling ceiling).
 */
const WRITE_RETRY = { initialMs: 2000, maxMs: 60_000 };

export interface KubernetesStatusWriterOptions {
  bus: Bus;
  client: KubeRequester;
  controllerName: string;
  registry: Registry;
  logger: Logger;
  /** Requests in flight at most. Default 8. */
  concurrency?: number;
  /** The least time between two writes of one object. Default 1000 ms. */
  minIntervalMs?: number;
  /** Writes that change only listeners' attachedRoutes: how many may go at once. Default 2. */
  countOnlyBurst?: number;
  /** ... and how often one more may go after that. Default 3000 ms. */
  countOnlyRefillMs?: number;
  /** ... the longest that period grows to while such writes keep waiting. Default 8000 ms. */
  countOnlyMaxRefillMs?: number;
  /** Reads and writes per change before giving up on conflicts (then it is tried again later). Default 5. */
  conflictAttempts?: number;
  /**
   * The objects' statuses as the provider's watch holds them (Bus.observedStatuses): writes are
   * made against them without a read. Without it, each write reads the object first.
   */
  observed?: WatchableMap<string, ObservedStatus>;
  /** Whether writing starts right away (no leader election). Default false: wait for setLeading(true). */
  leading?: boolean;
  now?: () => Date;
}

interface Target {
  kind: StatusKind;
  namespace?: string;
  name: string;
  /** undefined: Pier has no status for the object any more (its shared entries are removed). */
  status: ObjectStatus | undefined;
}

const API_VERSION = 'gateway.networking.k8s.io/v1';
/** Where each kind's objects are served: the standard group's v1, or the experimental group's version. */
const X_API_VERSION = `${X_GATEWAY_GROUP}/v1alpha1`;
const API_VERSION_OF: Partial<Record<StatusKind, string>> = {
  XTelemetryPolicy: X_API_VERSION,
  XBackendTrafficPolicy: X_API_VERSION,
  XBackend: X_API_VERSION,
  ...Object.fromEntries(PIER_POLICY_KINDS.map((k) => [k.kind, PIER_API_VERSION])),
};
const apiVersionOf = (kind: StatusKind): string => API_VERSION_OF[kind] ?? API_VERSION;
const PLURALS: Record<StatusKind, string> = {
  GatewayClass: 'gatewayclasses', Gateway: 'gateways', ListenerSet: 'listenersets', HTTPRoute: 'httproutes', GRPCRoute: 'grpcroutes', TLSRoute: 'tlsroutes',
  TCPRoute: 'tcproutes', UDPRoute: 'udproutes', BackendTLSPolicy: 'backendtlspolicies',
  XTelemetryPolicy: 'xtelemetrypolicies', XBackendTrafficPolicy: 'xbackendtrafficpolicies',
  XBackend: 'xbackends',
  ...Object.fromEntries(PIER_POLICY_KINDS.map((k) => [k.kind, k.plural])) as Record<PierPolicyKind, string>,
};

function objectPath(t: Target): string {
  const groupPath = `/apis/${apiVersionOf(t.kind)}`;
  return t.namespace
    ? `${groupPath}/namespaces/${encodeURIComponent(t.namespace)}/${PLURALS[t.kind]}/${encodeURIComponent(t.name)}`
    : `${groupPath}/${PLURALS[t.kind]}/${encodeURIComponent(t.name)}`;
}


/** What Pier wrote last to an object: the version it wrote against, and the object the API server returned. */
interface Written {
  over: string;
  object: LiveObject;
}

/** The writer's metrics, registered in registry (docs/operations.md lists them). */
export function kubernetesStatusMetrics(registry: Registry): { writes: Counter<'kind'>; conflicts: Counter<'kind'>; failures: Counter<'kind'> } {
  const registers = [registry];
  return {
    writes: new Counter({ name: 'pier_kubernetes_status_writes_total', help: 'Status updates written to the API server, by kind', labelNames: ['kind'], registers }),
    conflicts: new Counter({ name: 'pier_kubernetes_status_conflicts_total', help: 'Status writes refused with 409 Conflict and read again', labelNames: ['kind'], registers }),
    failures: new Counter({ name: 'pier_kubernetes_status_write_failures_total', help: 'Status syncs that failed (tried again later)', labelNames: ['kind'], registers }),
  };
}

export class KubernetesStatusWriter {
  private readonly log: Logger;
  private readonly targets = new Map<string, Target>();
  /** Keys whose status may differ from the API server's, in arrival order. */
  private readonly dirty = new Set<string>();
  private readonly inFlight = new Set<string>();
  /** When each object may be written again: a write waits out the interval, a failure a growing delay. */
  private readonly notBefore = new Map<string, number>();
  /** Consecutive failed syncs per object. */
  private readonly failed = new Map<string, number>();
  /** Each object's last write, until the provider's watch shows it. */
  private readonly written = new Map<string, Written>();
  /**
   * Per object: the last status written that the API server kept otherwise than sent (it prunes
   * fields its CRD lacks: status.addresses[].routability with the standard-channel or v1.6 CRDs),
   * and what it kept. Writing the same status over what was kept again would change nothing.
   */
  private readonly pruned = new Map<string, { sent: Record<string, unknown>; kept: Record<string, unknown> }>();
  /** Per object: the token bucket of writes that change only attachedRoutes (tokens as of `at`). */
  private readonly countOnly = new Map<string, CountOnlyBucket>();
  private readonly writes: Counter<'kind'>;
  private readonly conflicts: Counter<'kind'>;
  private readonly failures: Counter<'kind'>;
  private subscription: Subscription<string, ObjectStatus> | null = null;
  private loop: Promise<void> | null = null;
  private observedSubscription: Subscription<string, ObservedStatus> | null = null;
  private observedLoop: Promise<void> | null = null;
  private leading: boolean;
  /** Statuses checked since the writer last let the event loop turn (see pump). */
  private checksThisTurn = 0;
  private yielding = false;
  private requests = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly o: KubernetesStatusWriterOptions) {
    this.log = componentLogger(o.logger, 'kubernetes-status');
    this.leading = o.leading ?? false;
    ({ writes: this.writes, conflicts: this.conflicts, failures: this.failures } = kubernetesStatusMetrics(o.registry));
  }

  start(): void {
    this.subscription = this.o.bus.statuses.subscribe();
    this.loop = handleSubscription(this.subscription, (u) => {
      const known = this.targets.get(u.key);
      if (u.value) {
        this.targets.set(u.key, { kind: u.value.kind, namespace: u.value.namespace, name: u.value.name, status: u.value });
      } else if (known && sharedField(known.kind)) {
        this.targets.set(u.key, { ...known, status: undefined });
      } else {
        // A class or Gateway Pier no longer has a status for: nothing to write.
        this.forget(u.key);
        return;
      }
      this.dirty.add(u.key);
      this.pump();
    });
    if (this.o.observed) {
      // A write stands in for the object only until the watch shows a newer version (its own,
      // usually): dropped then, not kept for every object ever written (10,000 routes' statuses
      // written on a first start would otherwise stay in memory).
      this.observedSubscription = this.o.observed.subscribe();
      this.observedLoop = handleSubscription(this.observedSubscription, (u) => {
        const written = this.written.get(u.key);
        if (written && written.over !== u.value?.resourceVersion) this.written.delete(u.key);
      });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.subscription?.close();
    this.observedSubscription?.close();
    this.requests.abort();
    clearTimeout(this.timer);
    await this.loop;
    await this.observedLoop;
  }

  /** Leadership changed: writes stop at once when lost; every known status is checked again when gained. */
  setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    if (!leading) {
      this.requests.abort();
      this.requests = new AbortController();
      clearTimeout(this.timer);
      this.timer = undefined;
      this.log.info('not leading: status writes stopped');
      return;
    }
    for (const key of this.targets.keys()) this.dirty.add(key);
    this.log.info({ statuses: this.targets.size }, 'leading: writing statuses (re-syncing every one)');
    this.pump();
  }

  /** Resolves when nothing is pending or in flight (for tests and benchmarks). */
  idle(): Promise<void> {
    if (this.dirty.size === 0 && this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    if (!this.leading || this.stopped || this.yielding) return;
    const now = Date.now();
    let wakeAt = Infinity;
    for (const key of this.dirty) {
      if (this.inFlight.size >= (this.o.concurrency ?? 8)) return;
      if (this.inFlight.has(key)) continue;
      if (this.checksThisTurn >= CHECKS_PER_TURN) {
        // A status found unchanged needs no request, so thousands of them (a restart) would be
        // checked in one turn of the event loop, ahead of the xDS translation waiting for it.
        this.yielding = true;
        setImmediate(() => {
          this.yielding = false;
          this.checksThisTurn = 0;
          this.pump();
        });
        return;
      }
      this.checksThisTurn++;
      const due = this.notBefore.get(key) ?? -Infinity;
      if (due > now) {
        wakeAt = Math.min(wakeAt, due);
        continue;
      }
      this.dirty.delete(key);
      this.inFlight.add(key);
      void this.sync(key).finally(() => {
        this.inFlight.delete(key);
        this.pump();
        this.notifyIdle();
      });
    }
    if (wakeAt !== Infinity && !this.timer) {
      this.timer = setTimeout(() => { this.timer = undefined; this.pump(); }, Math.max(1, wakeAt - now));
    }
  }

  private forget(key: string): void {
    this.targets.delete(key);
    this.dirty.delete(key);
    this.notBefore.delete(key);
    this.failed.delete(key);
    this.written.delete(key);
    this.countOnly.delete(key);
    this.pruned.delete(key);
  }

  /**
   * When a write that changes only attachedRoutes may go (epoch ms; 0: now), and the bucket as
   * it is once that write has gone (see the class comment). Other writes take no token.
   */
  private countOnlyPace(key: string, onlyCounts: boolean, now: number): { due: number; bucket: CountOnlyBucket } {
    const burst = this.o.countOnlyBurst ?? 2;
    const baseMs = this.o.countOnlyRefillMs ?? 3000;
    const held = this.countOnly.get(key);
    let tokens = held ? Math.min(burst, held.tokens + Math.max(0, now - held.at) / held.refillMs) : burst;
    // A full bucket means the burst is over: the next one starts at the base period.
    let refillMs = held && tokens < burst ? held.refillMs : baseMs;
    if (onlyCounts) {
      if (tokens < 1) {
        const due = now + Math.ceil((1 - tokens) * refillMs);
        // Still coming after a wait: the next token takes longer.
        refillMs = Math.min(this.o.countOnlyMaxRefillMs ?? 8000, refillMs * 2);
        return { due, bucket: { tokens: 1, at: due, refillMs } };
      }
      tokens -= 1;
    }
    return { due: 0, bucket: { tokens, at: now, refillMs } };
  }

  /**
   * The object to merge into and write against: what the provider's watch holds (or Pier's own
   * write, while the watch has not shown it yet); read from the API server after a conflict, or
   * when the writer has no watched statuses. undefined: the object is gone.
   */
  private async liveObject(key: string, target: Target, path: string, read: boolean, signal: AbortSignal): Promise<LiveObject | undefined> {
    const observed = read ? undefined : this.o.observed?.load(key);
    if (observed) {
      const written = this.written.get(key);
      if (written && written.over === observed.resourceVersion) return written.object;
      this.written.delete(key);
      const metadata = { name: target.name, ...(target.namespace ? { namespace: target.namespace } : {}), resourceVersion: observed.resourceVersion };
      return { apiVersion: apiVersionOf(target.kind), kind: target.kind, metadata, ...(observed.status ? { status: observed.status as Record<string, unknown> } : {}) };
    }
    if (!read && this.o.observed) return undefined;
    try {
      return await this.o.client.request<LiveObject>('GET', path, { signal });
    } catch (err) {
      if (isStatus(err, 404)) return undefined;
      throw err;
    }
  }


  private notifyIdle(): void {
    if (this.dirty.size > 0 || this.inFlight.size > 0) return;
    const waiters = this.idleWaiters.splice(0);
    for (const w of waiters) w();
  }

  /** Reads the object, merges, writes when changed; conflicts read again. Failures leave the key dirty for later. */
  private async sync(key: string): Promise<void> {
    const target = this.targets.get(key);
    if (!target) return;
    const signal = this.requests.signal;
    const path = objectPath(target);
    const attempts = this.o.conflictAttempts ?? 5;
    try {
      for (let attempt = 1; attempt <= attempts; attempt++) {
        if (signal.aborted) throw new Error('leadership lost');
        const live = await this.liveObject(key, target, path, attempt > 1, signal);
        if (!live) {
          // Gone. Once Pier has no status for it either, it is forgotten.
          if (this.targets.get(key)?.status === undefined) this.forget(key);
          return;
        }
        const current = this.targets.get(key);
        const status = mergeStatus(target.kind, live, current?.status, this.o.controllerName, (this.o.now?.() ?? new Date()).toISOString());
        const pruned = this.pruned.get(key);
        if (!status || (pruned && deepEqual(pruned.sent, status) && deepEqual(pruned.kept, live.status ?? {}))
          || (target.kind === 'Gateway' && routabilityPruned(live.status) && deepEqual(withoutRoutability(status), live.status))) {
          this.failed.delete(key);
          return;
        }
        const now = Date.now();
        const pace = this.countOnlyPace(key, onlyRouteCountsChanged(target.kind, live.status, status), now);
        if (pace.due > 0) {
          // Written later, with whatever the status is by then.
          this.countOnly.set(key, pace.bucket);
          this.notBefore.set(key, pace.due);
          this.dirty.add(key);
          return;
        }
        if (signal.aborted) throw new Error('leadership lost');
        try {
          // Only what a status write needs: the API server keeps the rest of the object as it is.
          const body = { apiVersion: apiVersionOf(target.kind), kind: target.kind, metadata: live.metadata, status };
          const stored = await this.o.client.request<LiveObject>('PUT', `${path}/status`, { body, signal });
          // Kept only while the watch still shows the version written over (it may have shown the write already).
          const watchBehind = this.o.observed?.load(key)?.resourceVersion === live.metadata.resourceVersion;
          if (live.metadata.resourceVersion && stored?.metadata?.resourceVersion && watchBehind) {
            this.written.set(key, { over: live.metadata.resourceVersion, object: { apiVersion: apiVersionOf(target.kind), kind: target.kind, metadata: { ...live.metadata, resourceVersion: stored.metadata.resourceVersion }, status: stored.status } });
          }
          if (stored?.status && !deepEqual(stored.status, status)) this.pruned.set(key, { sent: status, kept: stored.status });
          else this.pruned.delete(key);
          this.writes.inc({ kind: target.kind });
          this.countOnly.set(key, pace.bucket);
          this.notBefore.set(key, Date.now() + (this.o.minIntervalMs ?? 1000));
          this.failed.delete(key);
          this.log.debug({ object: key }, 'status written');
          return;
        } catch (err) {
          if (isStatus(err, 404)) return;
          if (!isStatus(err, 409)) throw err;
          this.conflicts.inc({ kind: target.kind });
        }
      }
      throw new KubeRequestError(`${key}: still conflicting after ${attempts} attempts`, 409);
    } catch (err) {
      if (signal.aborted || this.stopped) {
        this.dirty.add(key); // written by whoever leads next (or by us when we lead again)
        return;
      }
      this.failures.inc({ kind: target.kind });
      const failures = (this.failed.get(key) ?? 0) + 1;
      this.failed.set(key, failures);
      // Never in a tight loop, and the statuses that failed together (the API server was away)
      // do not all come back at once.
      const delayMs = backoffDelay(WRITE_RETRY, failures - 1);
      this.log.warn({ object: key, error: (err as Error).message, failures, retryInMs: delayMs }, 'status write failed; trying again later');
      this.notBefore.set(key, Date.now() + delayMs);
      this.dirty.add(key);
    }
  }
}

/** Whether the only difference between two Gateway or ListenerSet statuses is their listeners' attachedRoutes. */
export function onlyRouteCountsChanged(kind: StatusKind, before: Record<string, unknown> | undefined, after: Record<string, unknown>): boolean {
  if ((kind !== 'Gateway' && kind !== 'ListenerSet') || !before) return false;
  const withoutCounts = (status: Record<string, unknown>): Record<string, unknown> => ({
    ...status,
    listeners: Array.isArray(status.listeners) ? (status.listeners as Record<string, unknown>[]).map(({ attachedRoutes: _count, ...rest }) => rest) : status.listeners,
  });
  return deepEqual(withoutCounts(before), withoutCounts(after));
}

/**
 * Whether the API server prunes status.addresses[].routability (a Gateway CRD without the field:
 * standard channel, v1.6). Pier writes routability on every address together with the
 * AddressesAssigned condition, so a stored status that has the condition and addresses without
 * the field was pruned. Read from the stored object, so a new leader or a restarted Pier knows it
 * without writing first (the per-object memory above only covers this process's own writes).
 */
export function routabilityPruned(stored: Record<string, unknown> | undefined): boolean {
  const conditions = stored?.conditions as { type?: string }[] | undefined;
  const addresses = stored?.addresses as Record<string, unknown>[] | undefined;
  return !!conditions?.some((c) => c.type === 'AddressesAssigned') && !!addresses?.length && addresses.every((a) => !('routability' in a));
}

/** A Gateway status as a CRD without status.addresses[].routability keeps it. */
export function withoutRoutability(status: Record<string, unknown>): Record<string, unknown> {
  const addresses = status.addresses as Record<string, unknown>[] | undefined;
  if (!addresses) return status;
  return { ...status, addresses: addresses.map(({ routability: _routability, ...rest }) => rest) };
}
