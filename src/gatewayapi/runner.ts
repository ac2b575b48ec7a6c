/**
 * Runs the Gateway API translator on the bus: follows every resource table, and once the
 * provider has published its initial state, translates incrementally (incremental.ts) and
 * stores what changed to xdsIR, infraIR and statuses. Storing an unchanged value is a no-op on
 * the bus, so downstream stages only hear about real changes.
 */
import { hasAncestors, type Bus, type ObjectStatus } from '../message/resources';
import { followBatches, type BatchFollower, type BatchedUpdate } from '../message/batch';
import { TABLE_NAMES, type TableName } from '../message/tables';
import type { KubeObject } from '../apis/meta';
import type { WatchableMap } from '../message/watchable';
import { componentLogger, type Logger } from '../logging/logger';
import type { GatewayInfraState, RateLimitService } from '../ir/types';
import { IncrementalTranslator, type InfraChange, type KindChange, type TableChange, type TranslationDelta } from './incremental';

export interface GatewayAPITranslatorRunnerOptions {
  bus: Bus;
  controllerName: string;
  defaultAddress?: string;
  /** Kubernetes infrastructure: privileged listener ports bind unprivileged ones (TranslateOptions). */
  unprivilegedPorts?: boolean;
  /** Kubernetes infrastructure: Gateways' spec.infrastructure metadata is propagated (TranslateOptions). */
  infrastructurePropagation?: boolean;
  /** Kubernetes infrastructure: Gateways have Service ClusterIPs (TranslateOptions.clusterRoutability). */
  clusterRoutability?: boolean;
  /** Gateways are served only once bus.gatewayInfra has their addresses (TranslateOptions.awaitGatewayInfra). */
  awaitGatewayInfra?: boolean;
  /** The infrastructure reports on every Gateway: until it has, the Gateway is Pending (TranslateOptions.infraReports). */
  infraReports?: boolean;
  /** The rate limit service of global limits (TranslateOptions.rateLimitService). */
  rateLimitService?: RateLimitService;
  logger: Logger;
  /** Told how long each translation pass took, in seconds (metrics). */
  onTranslated?: (seconds: number) => void;
}

/** Problems worth telling an operator about: references that did not resolve. */
function invalidReferences(status: ObjectStatus): string[] {
  if (status.kind === 'GatewayClass' || status.kind === 'Gateway' || status.kind === 'ListenerSet') return [];
  const parents = hasAncestors(status) ? status.status.ancestors : status.status.parents;
  const out: string[] = [];
  for (const parent of parents) {
    for (const c of parent.conditions) {
      if (c.type === 'ResolvedRefs' && c.status === 'False') out.push(`${status.kind} ${status.namespace}/${status.name}: ${c.reason}: ${c.message}`);
    }
  }
  return [...new Set(out)];
}

/** Tables the translator reads: every one but EndpointSlices (the endpoint translator's). */
const TRANSLATED_TABLES = TABLE_NAMES.filter((t) => t !== 'endpointSlices');

export class GatewayAPITranslatorRunner {
  private readonly log: Logger;
  private readonly translator: IncrementalTranslator;
  private follower: BatchFollower | null = null;
  private syncFollower: BatchFollower | null = null;
  private infraFollower: BatchFollower | null = null;
  private kindFollower: BatchFollower | null = null;
  private synced = false;
  /** Changes seen before the provider was synced, applied together once it is. */
  private held = new Map<string, TableChange>();
  /** Infrastructure reports seen before then, by Gateway. */
  private heldInfra = new Map<string, InfraChange>();
  /** Kinds the cluster started or stopped serving, by kind. */
  private heldKinds = new Map<string, KindChange>();
  /** Invalid references logged, per status key, so each is logged once while it lasts. */
  private readonly reported = new Map<string, string[]>();

  constructor(private readonly options: GatewayAPITranslatorRunnerOptions) {
    this.log = componentLogger(options.logger, 'gateway-api');
    this.translator = new IncrementalTranslator({
      controllerName: options.controllerName, defaultAddress: options.defaultAddress, awaitGatewayInfra: options.awaitGatewayInfra,
      infraReports: options.infraReports, unprivilegedPorts: options.unprivilegedPorts, infrastructurePropagation: options.infrastructurePropagation,
      clusterRoutability: options.clusterRoutability,
      ...(options.rateLimitService ? { rateLimitService: options.rateLimitService } : {}),
    });
  }

  start(): void {
    if (this.follower) return;
    const { bus } = this.options;
    const sources = Object.fromEntries(TRANSLATED_TABLES.map((t) => [t, bus.tables[t]])) as unknown as Record<TableName, WatchableMap<string, KubeObject>>;
    const onError = (err: unknown): void => this.log.error({ err }, 'gateway api translator failed on a change; keeping the previous result');
    this.follower = followBatches(sources, (updates) => this.onChanges(updates), onError);
    this.infraFollower = followBatches({ infra: bus.gatewayInfra }, (updates: BatchedUpdate<'infra', GatewayInfraState>[]) => {
      for (const u of updates) this.heldInfra.set(u.key, { gateway: u.key, value: u.value });
      this.onChanges([]);
    }, onError);
    this.kindFollower = followBatches({ unserved: bus.unservedKinds }, (updates: BatchedUpdate<'unserved', true>[]) => {
      for (const u of updates) this.heldKinds.set(u.key, { kind: u.key, served: u.value === undefined });
      this.onChanges([]);
    }, onError);
    this.syncFollower = followBatches({ synced: bus.providerSynced }, () => {
      if (this.synced) return;
      this.synced = true;
      // The provider marks unserved kinds before it is synced: the first translation knows them, whichever follower runs first.
      for (const kind of bus.unservedKinds.loadAll().keys()) this.heldKinds.set(kind, { kind, served: false });
      this.onChanges([]);
    }, onError);
  }

  async stop(): Promise<void> {
    const followers = [this.follower, this.syncFollower, this.infraFollower, this.kindFollower];
    this.follower = null;
    this.syncFollower = null;
    this.infraFollower = null;
    this.kindFollower = null;
    await Promise.all(followers.map((f) => f?.stop()));
  }

  private onChanges(updates: BatchedUpdate<TableName, KubeObject>[]): void {
    for (const u of updates) this.held.set(`${u.source}\u0000${u.key}`, { table: u.source, key: u.key, value: u.value });
    if (!this.synced || (this.held.size === 0 && this.heldInfra.size === 0 && this.heldKinds.size === 0)) return;
    const changes = [...this.held.values()];
    const infraChanges = [...this.heldInfra.values()];
    const kindChanges = [...this.heldKinds.values()];
    this.held = new Map();
    this.heldInfra = new Map();
    this.heldKinds = new Map();
    const started = process.hrtime.bigint();
    const delta = this.translator.apply(changes, infraChanges, kindChanges);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    this.options.onTranslated?.(ms / 1000);
    this.publish(delta);
    this.log.debug({ ms, changes: changes.length + infraChanges.length, gateways: delta.gatewaysTranslated, statuses: delta.statuses.size }, 'translated gateway api changes');
  }

  private publish(delta: TranslationDelta): void {
    const { bus } = this.options;
    for (const [k, v] of delta.xdsIR) v === undefined ? bus.xdsIR.delete(k) : bus.xdsIR.store(k, v);
    for (const [k, v] of delta.infraIR) v === undefined ? bus.infraIR.delete(k) : bus.infraIR.store(k, v);
    for (const [k, v] of delta.statuses) {
      if (v === undefined) {
        bus.statuses.delete(k);
        this.reported.delete(k);
        continue;
      }
      if (bus.statuses.store(k, v)) this.logInvalidReferences(k, v);
    }
  }

  private logInvalidReferences(key: string, status: ObjectStatus): void {
    const current = invalidReferences(status);
    const before = new Set(this.reported.get(key) ?? []);
    for (const problem of current) if (!before.has(problem)) this.log.info({ problem }, 'invalid reference');
    if (current.length > 0) this.reported.set(key, current);
    else this.reported.delete(key);
  }
}
