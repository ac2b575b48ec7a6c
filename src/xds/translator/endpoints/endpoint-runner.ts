/**
 * The endpoint fast path on the bus: follows the EndpointSlice table and every gateway's
 * EndpointBindings, and stores each gateway's endpoint resources (GatewayEndpoints). An
 * EndpointSlice change rebuilds only the assignments of the clusters that use its Service;
 * nothing else runs, so a rollout reaches the cache without any translation.
 */
import type { EndpointSlice } from '../../../apis/core';
import type { Endpoint, ServicePortRef } from '../../../ir/types';
import { componentLogger, type Logger } from '../../../logging/logger';
import { followBatches, type BatchFollower, type BatchedUpdate } from '../../../message/batch';
import type { Bus } from '../../../message/resources';
import { SetMultimap } from '../../../message/multimap';
import { diffNameOrdered, inStrictNameOrder } from '../../../message/ordered-diff';
import { freezeValue, type WatchableMap } from '../../../message/watchable';
import type { Cluster, ClusterLoadAssignment, EndpointBinding } from '../../types';
import { bindingResource, endpointsOfRef, refSourceKey, sliceService } from './endpoints';
import { sortedIndex } from '../incremental';

export interface EndpointRunnerOptions {
  bus: Bus;
  logger: Logger;
  /** Told how long each translation pass took, in seconds (metrics). */
  onTranslated?: (seconds: number) => void;
}

interface BuiltBinding {
  binding: EndpointBinding;
  endpoints?: ClusterLoadAssignment;
  cluster?: Cluster;
}

/** What was last stored for a gateway, each list in cluster name order. The runner's own arrays: the bus stores copies. */
interface StoredEndpoints {
  endpoints: ClusterLoadAssignment[];
  inline: Cluster[];
}

/** Puts the cluster's resource at its place in a name-ordered list (found by binary search), or takes it out (undefined). */
function place<T>(list: T[], nameOf: (item: T) => string, name: string, resource: T | undefined): void {
  const at = sortedIndex(list, name, nameOf);
  const present = at < list.length && nameOf(list[at]!) === name;
  if (resource === undefined) {
    if (present) list.splice(at, 1);
  } else if (present) {
    list[at] = resource;
  } else {
    list.splice(at, 0, resource);
  }
}

const assignmentName = (a: ClusterLoadAssignment): string => a.cluster_name ?? '';
const clusterName = (c: Cluster): string => c.name ?? '';

/** What one gateway's endpoints are built from, and what was built. */
interface GatewayState {
  /** By cluster name. */
  built: Map<string, BuiltBinding>;
  /** Undefined until stored with these bindings (a new set of bindings is stored whole). */
  stored?: StoredEndpoints;
  /** The bindings as last given, when in strict name order: the next ones are patched against them, and stored in their order. */
  ordered?: readonly EndpointBinding[];
}

function servicesOf(binding: EndpointBinding): string[] {
  const out = new Set<string>();
  for (const l of binding.localities) if (l.endpointsOf) out.add(refSourceKey(l.endpointsOf));
  return [...out];
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type Source = 'slices' | 'bindings';

export class EndpointRunner {
  private readonly log: Logger;
  private follower: BatchFollower | null = null;
  private readonly slices = new Map<string, EndpointSlice>();
  /** Service ("<namespace>/<name>") -> keys of its slices; "<namespace>/*" -> every slice of the namespace (for EndpointSelectors). */
  private readonly slicesOfService = new SetMultimap<string, string>();
  private readonly gateways = new Map<string, GatewayState>();
  /** Service -> "<gateway>\n<cluster>" of the bindings using it. */
  private readonly users = new SetMultimap<string, string>();

  constructor(private readonly options: EndpointRunnerOptions) {
    this.log = componentLogger(options.logger, 'endpoints');
  }

  start(): void {
    if (this.follower) return;
    const { bus } = this.options;
    const sources = { slices: bus.tables.endpointSlices, bindings: bus.endpointBindings } as unknown as Record<Source, WatchableMap<string, EndpointSlice | EndpointBinding[]>>;
    this.follower = followBatches(sources, (updates) => this.onChanges(updates),
      (err: unknown) => this.log.error({ err }, 'endpoint translation failed; keeping the previous endpoints'));
  }

  async stop(): Promise<void> {
    await this.follower?.stop();
    this.follower = null;
  }

  /** How many entries the runner's indexes hold: they follow what exists, so churn leaves nothing behind. */
  retained(): { slices: number; services: number; users: number; gateways: number } {
    return { slices: this.slices.size, services: this.slicesOfService.size, users: this.users.size, gateways: this.gateways.size };
  }

  /**
   * Endpoints of Service ports, resolved once per batch: the clusters sharing a Service port
   * share its list. Not kept between batches: a batch rebuilds only the clusters it changed, so
   * a kept list was 5 MiB at 10,000 Services that no later batch read.
   */
  private endpointResolver(): (ref: ServicePortRef) => Endpoint[] {
    const resolved = new Map<string, Endpoint[]>();
    return (ref) => {
      const key = ref.selector ? `${refSourceKey(ref)}\n${JSON.stringify(ref.selector)}\n${ref.port}` : `${ref.namespace}/${ref.service}\n${ref.portName}`;
      let endpoints = resolved.get(key);
      if (!endpoints) {
        const slices: EndpointSlice[] = [];
        for (const k of this.slicesOfService.get(refSourceKey(ref))) {
          const s = this.slices.get(k);
          if (s) slices.push(s);
        }
        endpoints = endpointsOfRef(slices, ref);
        resolved.set(key, endpoints);
      }
      return endpoints;
    };
  }

  private onChanges(updates: BatchedUpdate<Source, EndpointSlice | EndpointBinding[]>[]): void {
    const started = process.hrtime.bigint();
    /**
     * Gateway -> clusters whose Services changed, to rebuild with the clusters not built yet (new
     * or changed bindings); a gateway listed with none is stored again all the same.
     */
    const dirty = new Map<string, Set<string>>();
    const changedServices = new Set<string>();
    for (const u of updates) {
      if (u.source === 'slices') this.updateSlice(u.key, u.value as EndpointSlice | undefined, changedServices);
      else this.updateBindings(u.key, u.value as EndpointBinding[] | undefined, dirty);
    }
    for (const service of changedServices) {
      for (const user of this.users.get(service)) {
        // A kept binding whose Service changed is rebuilt even when the same batch changed other
        // bindings of its gateway (only the new ones are unbuilt).
        const [gateway, cluster] = user.split('\n') as [string, string];
        const set = dirty.get(gateway);
        if (set) set.add(cluster);
        else dirty.set(gateway, new Set([cluster]));
      }
    }
    let rebuilt = 0;
    const endpointsOf = this.endpointResolver();
    for (const [gateway, clusters] of dirty) rebuilt += this.rebuild(gateway, clusters, endpointsOf);
    if (dirty.size > 0) this.options.onTranslated?.(Number(process.hrtime.bigint() - started) / 1e9);
    if (rebuilt > 0) this.log.debug({ clusters: rebuilt, gateways: dirty.size, ms: Number(process.hrtime.bigint() - started) / 1e6 }, 'endpoints updated');
  }

  private updateSlice(key: string, slice: EndpointSlice | undefined, changed: Set<string>): void {
    const before = this.slices.get(key);
    const oldService = before ? sliceService(before) : undefined;
    const newService = slice ? sliceService(slice) : undefined;
    if (oldService !== undefined) {
      this.slicesOfService.delete(oldService, key);
      changed.add(oldService);
    }
    // Every slice also counts for its namespace: EndpointSelectors there pick by label.
    if (before) {
      const namespace = `${before.metadata.namespace ?? ''}/*`;
      this.slicesOfService.delete(namespace, key);
      changed.add(namespace);
    }
    if (slice) this.slices.set(key, slice);
    else this.slices.delete(key);
    if (newService !== undefined) {
      this.slicesOfService.add(newService, key);
      changed.add(newService);
    }
    if (slice) {
      const namespace = `${slice.metadata.namespace ?? ''}/*`;
      this.slicesOfService.add(namespace, key);
      changed.add(namespace);
    }
  }

  private updateBindings(gateway: string, bindings: EndpointBinding[] | undefined, dirty: Map<string, Set<string>>): void {
    const state = this.gateways.get(gateway);
    if (!bindings) {
      for (const b of state?.built.values() ?? []) this.unlink(gateway, b.binding);
      this.gateways.delete(gateway);
      this.options.bus.xdsEndpoints.delete(gateway);
      dirty.delete(gateway);
      return;
    }
    const ordered = inStrictNameOrder(bindings, (b) => b.cluster) ? bindings : undefined;
    if (state?.ordered && ordered && this.patchBindings(gateway, state, state.ordered, ordered, dirty)) return;
    const next: GatewayState = { built: new Map(), ordered };
    for (const binding of bindings) {
      const previous = state?.built.get(binding.cluster);
      // The same (frozen) binding object as before: its resources stand until its endpoints change.
      next.built.set(binding.cluster, previous && previous.binding === binding ? previous : { binding });
    }
    // Only bindings that came, went or changed are relinked: a route edit on a gateway of
    // thousands of clusters keeps almost every binding object, and relinking them all cost
    // most of the runner's time (bench/RESULTS.md, section 8, "edit -> traffic").
    for (const [name, b] of state?.built ?? []) {
      if (next.built.get(name) === b) continue;
      this.unlink(gateway, b.binding);
    }
    for (const [name, b] of next.built) if (state?.built.get(name) !== b) this.link(gateway, b.binding);
    this.gateways.set(gateway, next);
    if (!dirty.has(gateway)) dirty.set(gateway, new Set());
  }

  /**
   * Applies bindings that differ from the last ones in a few places (both lists in name order,
   * walked side by side; the same frozen binding objects are passed by pointer): only those
   * clusters are relinked and rebuilt, so a cluster swapped for another among thousands costs
   * those two. False (nothing done) when the lists differ in many places.
   */
  private patchBindings(gateway: string, state: GatewayState, before: readonly EndpointBinding[], after: readonly EndpointBinding[], dirty: Map<string, Set<string>>): boolean {
    const diff = diffNameOrdered(before, after, (b) => b.cluster, Math.max(16, after.length >>> 3));
    if (!diff) return false;
    let rebuild = dirty.get(gateway);
    if (!rebuild) dirty.set(gateway, (rebuild = new Set()));
    /** binding: the cluster's new one, or undefined when it went. Rebuilt, or taken out of the stored lists. */
    const apply = (name: string, binding: EndpointBinding | undefined): void => {
      const b = state.built.get(name);
      if (b) this.unlink(gateway, b.binding);
      if (binding) {
        state.built.set(name, { binding });
        this.link(gateway, binding);
      } else {
        state.built.delete(name);
      }
      rebuild.add(name);
    };
    for (const [name, , binding] of diff.replaced) apply(name, binding);
    for (const [name] of diff.removed) apply(name, undefined);
    for (const [name, binding] of diff.added) apply(name, binding);
    state.ordered = after;
    return true;
  }

  private link(gateway: string, binding: EndpointBinding): void {
    for (const service of servicesOf(binding)) this.users.add(service, `${gateway}\n${binding.cluster}`);
  }

  private unlink(gateway: string, binding: EndpointBinding): void {
    for (const service of servicesOf(binding)) this.users.delete(service, `${gateway}\n${binding.cluster}`);
  }

  /** Rebuilds the given clusters' resources and any not built yet, and stores the gateway's endpoints. */
  private rebuild(gateway: string, clusters: ReadonlySet<string>, endpointsOf: (ref: ServicePortRef) => Endpoint[]): number {
    const state = this.gateways.get(gateway);
    if (!state) return 0;
    const patched = state.stored ? this.patchStored(state, state.stored, clusters, endpointsOf) : undefined;
    if (patched !== undefined) {
      this.options.bus.xdsEndpoints.store(gateway, { gateway, endpoints: state.stored!.endpoints, clusters: state.stored!.inline });
      return patched;
    }
    let rebuilt = 0;
    for (const [name, b] of state.built) {
      const stale = b.endpoints === undefined && b.cluster === undefined;
      if (!stale && !clusters.has(name)) continue;
      const built = bindingResource(b.binding, endpointsOf);
      state.built.set(name, { binding: b.binding, ...freezeValue(built) });
      rebuilt += 1;
    }
    const names = state.ordered ? state.ordered.map((b) => b.cluster) : [...state.built.keys()].sort(byName);
    const stored: StoredEndpoints = { endpoints: [], inline: [] };
    for (const name of names) {
      const b = state.built.get(name)!;
      if (b.endpoints) stored.endpoints.push(b.endpoints);
      if (b.cluster) stored.inline.push(b.cluster);
    }
    state.stored = stored;
    this.options.bus.xdsEndpoints.store(gateway, { gateway, endpoints: stored.endpoints, clusters: stored.inline });
    return rebuilt;
  }

  /**
   * Rebuilds the given clusters' resources and puts each at its place in the stored lists (a
   * cluster whose binding went is taken out): an endpoint change, or a cluster swapped for
   * another, among thousands costs those clusters, not a walk of all of them. How many were
   * rebuilt; undefined when many clusters changed (then everything is listed again).
   */
  private patchStored(state: GatewayState, stored: StoredEndpoints, clusters: ReadonlySet<string>, endpointsOf: (ref: ServicePortRef) => Endpoint[]): number | undefined {
    if (clusters.size > Math.max(16, state.built.size >>> 3)) return undefined;
    let rebuilt = 0;
    for (const name of clusters) {
      const b = state.built.get(name);
      let next: BuiltBinding | undefined;
      if (b) {
        next = { binding: b.binding, ...freezeValue(bindingResource(b.binding, endpointsOf)) };
        state.built.set(name, next);
        rebuilt += 1;
      }
      place(stored.endpoints, assignmentName, name, next?.endpoints);
      place(stored.inline, clusterName, name, next?.cluster);
    }
    return rebuilt;
  }
}
