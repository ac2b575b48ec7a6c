/**
 * Kubernetes infrastructure: for each Gateway in bus.infraIR, the objects that run its proxies
 * (objects.ts) are kept in sync on the API server by the leader, and every replica publishes
 * what they report (state.ts) to bus.gatewayInfra.
 *
 * - Follows the objects it made with list+watch (one watch per kind, per namespace when
 *   namespaces are given), selected by Pier's labels; the watched copies are what a Gateway's
 *   desired objects are compared with, so an unchanged Gateway costs no request at all.
 * - Writes (leader only): create when absent, update (with the watched resourceVersion) when
 *   the applied digest differs, delete when the Gateway is still there but no longer served by
 *   Pier. When the Gateway itself goes, the API server's garbage collector deletes the objects
 *   (they are owned by it). A failed write is tried again after 1, 2, 4... s (at most 60 s).
 * - The client certificate in each Gateway's Secret is issued from Pier's CA for that Gateway
 *   only, and issued again when missing, signed by another CA, or within 30 days of expiry.
 */
import { X509Certificate } from 'node:crypto';
import type { KubeConnection } from '../../kubeclient/config';
import { Counter, type Registry } from 'prom-client';
import type { Deployment } from '../../apis/apps';
import type { Secret, Service } from '../../apis/core';
import type { KubeObject } from '../../apis/meta';
import { isStatus, type KubeRequester } from '../../kubeclient/rest';
import { ApiWatchClient, WatchMetrics, watch, type ResourceKind, type WatchStore } from '../../kubeclient/watch';
import { backoffDelay, sleep } from '../../kubeclient/watch/backoff';
import { componentLogger, type Logger } from '../../logging/logger';
import type { Bus } from '../../message/resources';
import { handleSubscription, type Subscription } from '../../message/watchable';
import {
  APPLIED_HASH_ANNOTATION, MANAGED_SELECTOR, certificateDigest, gatewayOf, gatewayServiceType, isApplied, proxyObjectName, proxyObjects, withAppliedHash, xdsSecret, xdsSecretMaterial,
  type GatewayOwner, type ProxySettings, type XdsClientMaterial,
} from './objects';
import { gatewayInfraState } from './state';

/** Issues a proxy's client certificate, naming exactly one Gateway, from Pier's CA. */
export interface XdsClientCertificates {
  /** The CA (PEM) proxies verify Pier with; read on each call, so a rotated CA is noticed. */
  caPem(): string;
  issue(gateway: string): Promise<{ certPem: string; keyPem: string }>;
}

export interface KubernetesInfrastructureOptions {
  bus: Bus;
  client: KubeRequester;
  connection: KubeConnection;
  /** Watch only these namespaces; empty: all. */
  namespaces: string[];
  controllerName: string;
  settings: ProxySettings;
  /** Required when settings.tls. */
  certificates?: XdsClientCertificates;
  registry: Registry;
  logger: Logger;
  /** Whether writing starts right away (no leader election). Default false: wait for setLeading(true). */
  leading?: boolean;
}

type ManagedKind = 'ServiceAccount' | 'Secret' | 'ConfigMap' | 'Service' | 'Deployment';

const RESOURCES: Record<ManagedKind, ResourceKind> = {
  ServiceAccount: { group: '', version: 'v1', kind: 'ServiceAccount', plural: 'serviceaccounts', namespaced: true },
  Secret: { group: '', version: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true },
  ConfigMap: { group: '', version: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true },
  Service: { group: '', version: 'v1', kind: 'Service', plural: 'services', namespaced: true },
  Deployment: { group: 'apps', version: 'v1', kind: 'Deployment', plural: 'deployments', namespaced: true },
};

/** Creation order: what the pods mount and run as before the Deployment that makes them. */
const KINDS: ManagedKind[] = ['ServiceAccount', 'Secret', 'ConfigMap', 'Service', 'Deployment'];

const RENEW_BEFORE_MS = 30 * 24 * 60 * 60 * 1000;
const RETRY = { initialMs: 1000, maxMs: 60_000 };

export const INFRA_WATCH_METRICS_PREFIX = 'pier_kubernetes_infra_watchers';

/** The controller's metrics, registered in registry (docs/operations.md lists them). */
export function kubernetesInfraMetrics(registry: Registry): { writes: Counter<'kind' | 'verb'>; failures: Counter<'kind'> } {
  const registers = [registry];
  return {
    writes: new Counter({ name: 'pier_kubernetes_infra_writes_total', help: 'Gateway proxy objects written to the API server, by kind and verb (create, update, delete)', labelNames: ['kind', 'verb'], registers }),
    failures: new Counter({ name: 'pier_kubernetes_infra_write_failures_total', help: 'Gateway proxy syncs that failed (tried again later), by kind', labelNames: ['kind'], registers }),
  };
}

function objectPath(kind: ManagedKind, namespace: string, name?: string): string {
  const r = RESOURCES[kind];
  const root = r.group ? `/apis/${r.group}/${r.version}` : `/api/${r.version}`;
  return `${root}/namespaces/${encodeURIComponent(namespace)}/${r.plural}${name === undefined ? '' : `/${encodeURIComponent(name)}`}`;
}

function splitKey(key: string): { namespace: string; name: string } {
  const slash = key.indexOf('/');
  return { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** A write failed for a reason worth retrying (the stores will catch up, or the server comes back). */
class SyncError extends Error {
  constructor(message: string, readonly kind: ManagedKind) {
    super(message);
  }
}

export class KubernetesInfrastructure {
  private readonly log: Logger;
  private readonly stores = new Map<ManagedKind, WatchStore<KubeObject>[]>();
  private readonly watchMetrics: WatchMetrics;
  private readonly writes: Counter<'kind' | 'verb'>;
  private readonly failures: Counter<'kind'>;
  private readonly subscriptions: Subscription<string, unknown>[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly stopController = new AbortController();
  /** Gateways whose objects may differ from what they should be. */
  private readonly dirty = new Set<string>();
  private readonly retryAt = new Map<string, number>();
  private readonly failed = new Map<string, number>();
  /**
   * Digests written but not yet seen back through a watch, by object path: a write is not
   * repeated while the watch lags behind it. Any watch event for the path clears its entry.
   */
  private readonly written = new Map<string, string>();
  private leading: boolean;
  private synced = false;
  private running = false;
  private timer: NodeJS.Timeout | undefined;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly o: KubernetesInfrastructureOptions) {
    this.log = componentLogger(o.logger, 'infra-kubernetes');
    this.leading = o.leading ?? false;
    this.watchMetrics = new WatchMetrics({ registry: o.registry, prefix: INFRA_WATCH_METRICS_PREFIX });
    ({ writes: this.writes, failures: this.failures } = kubernetesInfraMetrics(o.registry));
    if (o.settings.tls && !o.certificates) throw new Error('Kubernetes infrastructure with mTLS needs a CA key to issue the proxies their client certificates');
  }

  /** Starts the watches (in the background: an unreachable API server is retried) and follows the bus. */
  start(): void {
    this.loops.push(this.startWatches());
    const infra = this.o.bus.infraIR.subscribe(this.stopController.signal);
    this.subscriptions.push(infra as Subscription<string, unknown>);
    this.loops.push(handleSubscription(infra, (u) => {
      this.publishState(u.key);
      this.markDirty(u.key);
    }));
    // A Gateway recreated under the same name needs objects owned by its new uid.
    const gateways = this.o.bus.tables.gateways.subscribe(this.stopController.signal);
    this.subscriptions.push(gateways as Subscription<string, unknown>);
    this.loops.push(handleSubscription(gateways, (u) => { if (this.ownsObjects(u.key) || this.o.bus.infraIR.load(u.key)) this.markDirty(u.key); }));
    // A translated Gateway without InfraIR is one Pier no longer serves: its objects go.
    const statuses = this.o.bus.statuses.subscribe(this.stopController.signal);
    this.subscriptions.push(statuses as Subscription<string, unknown>);
    this.loops.push(handleSubscription(statuses, (u) => {
      if (!u.key.startsWith('Gateway/')) return;
      const key = u.key.slice('Gateway/'.length);
      if (!this.o.bus.infraIR.load(key) && this.ownsObjects(key)) this.markDirty(key);
    }));
  }

  async stop(): Promise<void> {
    this.stopController.abort();
    for (const s of this.subscriptions) s.close();
    clearTimeout(this.timer);
    await Promise.all(this.loops);
    await Promise.all([...this.stores.values()].flat().map((s) => s.stop()));
    for (const w of this.idleWaiters.splice(0)) w();
  }

  /** Leadership changed: gaining it checks every Gateway's objects again. */
  setLeading(leading: boolean): void {
    if (leading === this.leading) return;
    this.leading = leading;
    if (!leading) {
      this.log.info('not leading: Gateway proxy objects are left as they are');
      return;
    }
    this.log.info('leading: syncing every Gateway\'s proxy objects');
    this.markAllDirty();
  }

  /** Resolves when nothing is waiting to be synced (tests). */
  idle(): Promise<void> {
    if (this.dirty.size === 0 && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  // ---------------------------------------------------------------- watches and state

  private async startWatches(): Promise<void> {
    const namespaces: (string | undefined)[] = this.o.namespaces.length > 0 ? this.o.namespaces : [undefined];
    const signal = this.stopController.signal;
    for (const kind of KINDS) {
      const stores: WatchStore<KubeObject>[] = [];
      for (const namespace of namespaces) {
        for (let attempt = 0; !signal.aborted; attempt++) {
          try {
            stores.push(await watch<KubeObject>({
              instance: `infra-${RESOURCES[kind].plural}${namespace ? `-${namespace}` : ''}`,
              client: new ApiWatchClient({ connection: this.o.connection, resource: RESOURCES[kind], namespace }),
              logger: this.o.logger,
              metrics: this.watchMetrics,
              listOptions: { labelSelector: MANAGED_SELECTOR },
              initMode: 'sync',
              handlers: {
                add: (obj) => this.observed(kind, obj),
                update: (_old, obj) => this.observed(kind, obj),
                delete: (obj) => this.observed(kind, obj),
              },
            }));
            break;
          } catch (err) {
            if (attempt === 0) this.log.warn({ err, kind }, 'cannot list the Gateway proxy objects of this kind; trying again');
            await sleep(backoffDelay(RETRY, attempt), signal);
          }
        }
      }
      if (signal.aborted) {
        await Promise.all(stores.map((s) => s.stop()));
        return;
      }
      this.stores.set(kind, stores);
    }
    this.synced = true;
    this.log.info('following the Gateway proxy objects');
    for (const key of this.o.bus.infraIR.loadAll().keys()) this.publishState(key);
    this.markAllDirty();
  }

  private observed(kind: ManagedKind, obj: KubeObject): void {
    const key = gatewayOf(obj.metadata);
    if (!key) return;
    this.written.delete(objectPath(kind, obj.metadata.namespace ?? '', obj.metadata.name));
    if (!this.synced) return;
    if (kind === 'Service' || kind === 'Deployment') this.publishState(key);
    this.markDirty(key);
  }

  private stored<T extends KubeObject>(kind: ManagedKind, namespace: string, name: string): T | undefined {
    for (const store of this.stores.get(kind) ?? []) {
      const obj = store.get(namespace, name);
      if (obj) return obj as T;
    }
    return undefined;
  }

  /** Whether any watched object was made for this Gateway. */
  private ownsObjects(key: string): boolean {
    const { namespace, name } = splitKey(key);
    const objectName = proxyObjectName(name);
    return KINDS.some((kind) => this.stored(kind, namespace, objectName) !== undefined);
  }

  private publishState(key: string): void {
    const infra = this.o.bus.infraIR.load(key);
    if (!infra) {
      this.o.bus.gatewayInfra.delete(key);
      return;
    }
    // Until the objects are listed, nothing is known: the translator keeps its own view.
    if (!this.synced) return;
    const { namespace, name } = splitKey(key);
    const objectName = proxyObjectName(name);
    const requested = infra.requestedAddresses ?? [];
    this.o.bus.gatewayInfra.store(key, gatewayInfraState(`${namespace}/${objectName}`,
      this.stored<Service>('Service', namespace, objectName), this.stored<Deployment>('Deployment', namespace, objectName),
      { addresses: requested, pool: this.o.settings.addressPool, serviceType: gatewayServiceType(infra, this.o.settings) }));
  }

  // ---------------------------------------------------------------- syncing

  private markAllDirty(): void {
    for (const key of this.o.bus.infraIR.loadAll().keys()) this.dirty.add(key);
    for (const stores of this.stores.values()) {
      for (const store of stores) for (const obj of store.items()) {
        const key = gatewayOf(obj.metadata);
        if (key) this.dirty.add(key);
      }
    }
    this.pump();
  }

  private markDirty(key: string): void {
    this.dirty.add(key);
    this.pump();
  }

  /** Syncs dirty Gateways one at a time, each when its retry delay allows. */
  private pump(): void {
    if (this.running || this.stopController.signal.aborted) return;
    if (!this.leading || !this.synced) {
      this.notifyIdle();
      return;
    }
    const now = Date.now();
    const next = [...this.dirty].find((k) => (this.retryAt.get(k) ?? 0) <= now);
    if (next === undefined) {
      this.scheduleRetry();
      this.notifyIdle();
      return;
    }
    this.dirty.delete(next);
    this.running = true;
    void this.syncGateway(next).then(
      () => {
        this.failed.delete(next);
        this.retryAt.delete(next);
      },
      (err: unknown) => {
        const attempt = this.failed.get(next) ?? 0;
        this.failed.set(next, attempt + 1);
        this.retryAt.set(next, Date.now() + backoffDelay(RETRY, attempt));
        this.dirty.add(next);
        if (err instanceof SyncError) this.failures.inc({ kind: err.kind });
        this.log.warn({ gateway: next, err: err instanceof Error ? err.message : String(err), attempt: attempt + 1 }, 'syncing the Gateway\'s proxy objects failed; trying again');
      },
    ).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  private scheduleRetry(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.dirty.size === 0) return;
    const soonest = Math.min(...[...this.dirty].map((k) => this.retryAt.get(k) ?? 0));
    this.timer = setTimeout(() => { this.timer = undefined; this.pump(); }, Math.max(0, soonest - Date.now()));
    this.timer.unref();
  }

  private notifyIdle(): void {
    if (this.running || (this.dirty.size > 0 && this.leading && this.synced)) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private async syncGateway(key: string): Promise<void> {
    const infra = this.o.bus.infraIR.load(key);
    const gateway = this.o.bus.tables.gateways.load(key);
    if (!infra) {
      if (gateway && this.noLongerServed(key)) await this.deleteObjects(key);
      // A Gateway that is gone takes its objects with it (garbage collector).
      return;
    }
    const uid = gateway?.metadata.uid;
    if (!gateway || !uid) return;
    const owner: GatewayOwner = { namespace: gateway.metadata.namespace ?? '', name: gateway.metadata.name, uid };
    let certificateHash: string | undefined;
    if (this.o.settings.tls) {
      const material = await this.clientMaterial(key, owner);
      certificateHash = certificateDigest(material.certPem);
      await this.apply('Secret', xdsSecret(infra, owner, material));
    }
    const objects = proxyObjects(infra, owner, this.o.settings, certificateHash);
    await this.apply('ServiceAccount', withAppliedHash(objects.serviceAccount));
    await this.apply('ConfigMap', withAppliedHash(objects.configMap));
    if (objects.service) await this.apply('Service', withAppliedHash(objects.service));
    else await this.remove('Service', owner.namespace, proxyObjectName(owner.name));
    await this.apply('Deployment', withAppliedHash(objects.deployment));
  }

  /**
   * Whether Pier translated the Gateway and serves nothing of it (a status without InfraIR), or
   * the Gateway is not of Pier's class: then its objects go. Until the translator has spoken,
   * nothing is deleted (at start, InfraIR comes after the objects are listed).
   */
  private noLongerServed(key: string): boolean {
    if (this.o.bus.statuses.load(`Gateway/${key}`)) return true;
    if (!this.o.bus.providerSynced.loadAll().size) return false;
    const gateway = this.o.bus.tables.gateways.load(key);
    const className = gateway?.spec?.gatewayClassName;
    const gatewayClass = className ? this.o.bus.tables.gatewayClasses.load(className) : undefined;
    return gatewayClass?.spec?.controllerName !== this.o.controllerName;
  }

  /** The Secret's certificate while it is still good; a new one otherwise. */
  private async clientMaterial(key: string, owner: GatewayOwner): Promise<XdsClientMaterial> {
    const certificates = this.o.certificates!;
    const caPem = certificates.caPem();
    const secret = this.stored<Secret>('Secret', owner.namespace, proxyObjectName(owner.name));
    const current = secret ? xdsSecretMaterial(secret) : undefined;
    if (current && current.caPem === caPem && !this.expiresSoon(current.certPem)) return current;
    const issued = await certificates.issue(key);
    this.log.info({ gateway: key, reason: current ? 'renewal' : 'new' }, 'issued a client certificate for the Gateway\'s proxies');
    return { caPem, certPem: issued.certPem, keyPem: issued.keyPem };
  }

  private expiresSoon(certPem: string): boolean {
    try {
      return Date.parse(new X509Certificate(certPem).validTo) - Date.now() < RENEW_BEFORE_MS;
    } catch {
      return true;
    }
  }

  private async apply(kind: ManagedKind, desired: KubeObject): Promise<void> {
    const namespace = desired.metadata.namespace ?? '';
    const path = objectPath(kind, namespace, desired.metadata.name);
    const current = this.stored(kind, namespace, desired.metadata.name);
    if (current && isApplied(current, desired)) return;
    const digest = desired.metadata.annotations?.[APPLIED_HASH_ANNOTATION];
    if (digest !== undefined && this.written.get(path) === digest) return;
    const signal = this.stopController.signal;
    try {
      if (!current) {
        await this.o.client.request('POST', objectPath(kind, namespace), { body: desired, signal });
        this.writes.inc({ kind, verb: 'create' });
      } else {
        const body = { ...desired, metadata: { ...desired.metadata, resourceVersion: current.metadata.resourceVersion } };
        await this.o.client.request('PUT', path, { body, signal });
        this.writes.inc({ kind, verb: 'update' });
      }
    } catch (err) {
      // 409: the watched copy is behind the server (created meanwhile, or changed): its event re-queues the Gateway.
      throw new SyncError(`${current ? 'update' : 'create'} ${kind} ${namespace}/${desired.metadata.name}: ${(err as Error).message}`, kind);
    }
    if (digest !== undefined) this.written.set(path, digest);
    this.log.debug({ kind, object: `${namespace}/${desired.metadata.name}`, verb: current ? 'update' : 'create' }, 'wrote a Gateway proxy object');
  }

  private async remove(kind: ManagedKind, namespace: string, name: string): Promise<void> {
    if (!this.stored(kind, namespace, name)) return;
    try {
      await this.o.client.request('DELETE', objectPath(kind, namespace, name), { signal: this.stopController.signal });
      this.writes.inc({ kind, verb: 'delete' });
    } catch (err) {
      if (!isStatus(err, 404)) throw new SyncError(`delete ${kind} ${namespace}/${name}: ${(err as Error).message}`, kind);
    }
    this.written.delete(objectPath(kind, namespace, name));
  }

  private async deleteObjects(key: string): Promise<void> {
    const { namespace, name } = splitKey(key);
    const objectName = proxyObjectName(name);
    for (const kind of [...KINDS].reverse()) await this.remove(kind, namespace, objectName);
    this.log.info({ gateway: key }, 'the Gateway is no longer served by Pier: deleted its proxy objects');
  }
}
