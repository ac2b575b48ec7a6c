/**
 * One gateway's clusters kept between translations: how many times the IR refers to each
 * cluster name, and which backend setting describes it. A new IR of the same gateway mostly
 * shares its (frozen) virtual hosts with the last one, and a changed virtual host its unchanged
 * (frozen) routes, so only the routes that changed are counted out and in, and the sorted lists
 * are made again only when a cluster came or went: a route edit costs that route in each virtual
 * host it is in, not every route of those hosts.
 *
 * A plain cluster's BackendPolicy (XdsIR.backendClusterPolicies) is kept by name beside the
 * counts: when it changes (a Gateway-wide policy added), those clusters are built again in place,
 * with the same bindings (their endpoints stand), and no route is counted.
 *
 * buildClusters describes a cluster by its first backend setting in IR order. Here, a name
 * whose settings all describe the same cluster (the usual case) needs no order; when they
 * differ, or the IR has what is not counted here (weighted UDP clusters, a Gateway client
 * certificate), the lists come from buildClusters and counting starts again next time.
 */
import { deepEqual } from 'fast-equals';
import type { DestinationSetting, VirtualHost, XdsIR } from '../../../ir/types';
import type { Cluster, EndpointBinding } from '../../types';
import { buildClusters, memoCluster, settingsOfRoute, settingsOfVirtualHost, withPlainPolicy, type BuiltCluster, type ClusterMemo, type ClusterResources } from './cluster';
import type { BackendPolicySettings } from '../../../ir/backendpolicy';
import { validSettings } from './destination';
import { changedStretch, sortedIndex } from '../incremental';
import { accessLogExporters } from '../listeners/accesslog';

const nameItself = (name: string): string => name;

interface ClusterUse {
  /** References to the name among the counted settings. */
  count: number;
  /** A setting that describes the cluster (each counted one describes the same). */
  setting: DestinationSetting;
}

/** Whether two settings of one cluster name build the same cluster (weights and headers do not count). */
function sameCluster(a: DestinationSetting, b: DestinationSetting): boolean {
  return a === b || (a.clusterName === b.clusterName && a.protocol === b.protocol && a.dnsName === b.dnsName && a.port === b.port
    && deepEqual(a.endpointsOf, b.endpointsOf) && deepEqual(a.tls, b.tls) && deepEqual(a.retryBudget, b.retryBudget) && deepEqual(a.backendPolicy, b.backendPolicy));
}

/** The settings of the IR's TCP routes (counted whole: there are few). */
function tcpSettings(ir: XdsIR): DestinationSetting[] {
  return ir.tcp.flatMap((l) => l.routes.flatMap((r) => validSettings(r.destination)));
}

/** The telemetry receivers of the Gateway and its listeners (XTelemetryPolicy, ObservabilityPolicy): a few, counted anew each time. */
function exporterSettings(ir: XdsIR): DestinationSetting[] {
  const out = ir.http.flatMap((l) => accessLogExporters(l.policies));
  const tracing = ir.telemetry?.tracing?.exporter.destination;
  if (tracing && !tracing.invalid) out.push(tracing);
  return out;
}

/** Whether after lists the same HTTP listeners as before (by name), so their virtual hosts can be compared one by one. */
function sameHttpListeners(before: XdsIR, after: XdsIR): boolean {
  return before.http.length === after.http.length && before.http.every((l, i) => l.name === after.http[i]!.name);
}

export class GatewayClusters {
  private readonly uses = new Map<string, ClusterUse>();
  /** Cluster names, sorted (code unit order, as buildClusters' callers sort). */
  private names: string[] = [];
  private last: { ir: XdsIR; tcp: DestinationSetting[]; exporters: DestinationSetting[]; result: ClusterResources } | undefined;
  private namesChanged = false;
  private mixed = false;
  /** Names that came and went since the lists were last made (net of each other). */
  private readonly namesAdded = new Set<string>();
  private readonly namesRemoved = new Set<string>();
  /** The IR's backendClusterPolicies last seen, and what they are by name (one object per policy content, kept while it stays). */
  private policyMap: XdsIR['backendClusterPolicies'];
  private policyByName = new Map<string, BackendPolicySettings>();
  private policyById = new Map<string, BackendPolicySettings>();
  /** Names whose plain cluster's policy changed since the lists were last made. */
  private readonly policiesChanged = new Set<string>();

  /** The clusters and bindings of ir, each list sorted by cluster name. */
  build(ir: XdsIR, memo: ClusterMemo): ClusterResources {
    try {
      return this.update(ir, memo);
    } catch (err) {
      // Counts half made describe nothing: start afresh next time.
      this.reset();
      throw err;
    }
  }

  private update(ir: XdsIR, memo: ClusterMemo): ClusterResources {
    this.syncPolicies(ir.backendClusterPolicies);
    // The lists of a Gateway with listener filters are made whole (their authorization services are not counted).
    if (ir.backendClientCertificate || ir.udp.length > 0 || ir.http.some((l) => (l.requestFilters ?? []).length > 0)) return this.whole(ir, memo);
    const exporters = exporterSettings(ir);
    const last = this.last;
    const count = (by: 1 | -1) => (settings: readonly DestinationSetting[]): void => { for (const s of settings) this.count(s, by); };
    const add = count(1);
    const remove = count(-1);
    const ofVhost = (v: VirtualHost): DestinationSetting[] => settingsOfVirtualHost(v, memo.vhostSettings);
    let tcp: DestinationSetting[];
    if (last && sameHttpListeners(last.ir, ir)) {
      // Added first, so a cluster still used keeps its setting.
      const gone: (readonly DestinationSetting[])[] = [];
      ir.http.forEach((l, i) => {
        const hosts = changedStretch(last.ir.http[i]!.virtualHosts, l.virtualHosts);
        const replaced = new Map(hosts.gone.map((v) => [v.name, v]));
        for (const v of hosts.added) {
          const before = replaced.get(v.name);
          if (!before) {
            add(ofVhost(v));
            continue;
          }
          // The same virtual host changed: count only its routes that changed (the others are
          // the same frozen IR routes), so a route edit costs its routes, not its hosts' others.
          replaced.delete(v.name);
          const routes = changedStretch(before.routes, v.routes);
          for (const r of routes.added) add(settingsOfRoute(r));
          for (const r of routes.gone) gone.push(settingsOfRoute(r));
        }
        for (const v of replaced.values()) gone.push(ofVhost(v));
      });
      for (const settings of gone) remove(settings);
      tcp = last.ir.tcp === ir.tcp ? last.tcp : tcpSettings(ir);
      if (tcp !== last.tcp) {
        add(tcp);
        remove(last.tcp);
      }
      add(exporters);
      remove(last.exporters);
    } else {
      this.reset();
      for (const l of ir.http) for (const v of l.virtualHosts) add(ofVhost(v));
      tcp = tcpSettings(ir);
      add(tcp);
      add(exporters);
    }
    if (this.mixed) return this.whole(ir, memo);
    // this.last, not last: counting afresh (reset) leaves nothing to patch.
    const previous = this.last?.result;
    const rebuilt = this.rebuiltPolicyClusters();
    const result = !previous ? this.lists(memo) : !this.namesChanged && rebuilt.length === 0 ? previous : this.patchedLists(previous, rebuilt, memo) ?? this.lists(memo);
    this.namesChanged = false;
    this.namesAdded.clear();
    this.namesRemoved.clear();
    this.policiesChanged.clear();
    this.last = { ir, tcp, exporters, result };
    return result;
  }

  /**
   * Takes the plain clusters' policies of a new IR: each policy content keeps the object it had
   * (by id), so clusters built with it are reused, and names whose policy changed are noted.
   */
  private syncPolicies(map: XdsIR['backendClusterPolicies']): void {
    if (map === this.policyMap) return;
    const canonical = new Map<BackendPolicySettings, BackendPolicySettings>();
    const byId = new Map<string, BackendPolicySettings>();
    const byName = new Map<string, BackendPolicySettings>();
    for (const name in map) {
      const policy = map[name]!;
      let kept = canonical.get(policy);
      if (!kept) {
        const before = this.policyById.get(policy.id);
        kept = before && deepEqual(before, policy) ? before : policy;
        canonical.set(policy, kept);
        byId.set(policy.id, kept);
      }
      byName.set(name, kept);
      if (this.policyByName.get(name) !== kept) this.policiesChanged.add(name);
    }
    for (const name of this.policyByName.keys()) if (!byName.has(name)) this.policiesChanged.add(name);
    this.policyMap = map;
    this.policyByName = byName;
    this.policyById = byId;
  }

  /** Counted names (not new ones) whose plain cluster's policy changed: built again in place. */
  private rebuiltPolicyClusters(): string[] {
    const out: string[] = [];
    for (const name of this.policiesChanged) if (this.uses.has(name) && !this.namesAdded.has(name)) out.push(name);
    return out;
  }

  /** buildClusters' own answer; counting starts afresh next time. */
  private whole(ir: XdsIR, memo: ClusterMemo): ClusterResources {
    this.reset();
    const result = buildClusters(ir, memo, (name) => this.policyByName.get(name));
    result.clusters.sort((a, b) => compareNames(a.name ?? '', b.name ?? ''));
    result.bindings.sort((a, b) => compareNames(a.cluster, b.cluster));
    return result;
  }

  private reset(): void {
    this.uses.clear();
    this.names = [];
    this.last = undefined;
    this.namesChanged = true;
    this.mixed = false;
    this.namesAdded.clear();
    this.namesRemoved.clear();
    this.policiesChanged.clear();
  }

  private count(setting: DestinationSetting, by: 1 | -1): void {
    const name = setting.clusterName;
    const use = this.uses.get(name);
    if (!use) {
      // A setting counted out that was never counted in cannot happen while the IRs follow each other.
      if (by < 0) return;
      this.uses.set(name, { count: 1, setting });
      this.names.splice(sortedIndex(this.names, name, nameItself), 0, name);
      this.namesChanged = true;
      if (!this.namesRemoved.delete(name)) this.namesAdded.add(name);
      return;
    }
    if (by > 0 && !sameCluster(use.setting, setting)) this.mixed = true;
    use.count += by;
    if (use.count > 0) return;
    this.uses.delete(name);
    this.names.splice(sortedIndex(this.names, name, nameItself), 1);
    this.namesChanged = true;
    if (!this.namesAdded.delete(name)) this.namesRemoved.add(name);
  }

  private built(name: string, memo: ClusterMemo): BuiltCluster {
    const setting = this.uses.get(name)!.setting;
    const built = memoCluster(setting, memo);
    const policy = this.policyByName.get(name);
    if (policy) return withPlainPolicy(built, setting, policy, memo);
    // A policy gone: its clusters are not kept for the cluster without.
    if (this.policiesChanged.has(name)) memo.withPolicy.delete(built);
    return built;
  }

  /**
   * The last lists with the names that went taken out and those that came put in, each at its
   * place in name order (copies, the rest shared): a cluster swapped for another among
   * thousands costs those two, not a walk of every name. Undefined when many names changed.
   */
  private patchedLists(last: ClusterResources, rebuilt: readonly string[], memo: ClusterMemo): ClusterResources | undefined {
    if (this.namesAdded.size + this.namesRemoved.size + rebuilt.length > Math.max(16, this.names.length >>> 3)) return undefined;
    const clusters = [...last.clusters];
    // A policy changes the cluster, not its binding: the list of bindings stays when only policies changed.
    const bindings = this.namesChanged ? [...last.bindings] : last.bindings;
    for (const name of rebuilt) {
      const built = this.built(name, memo);
      if (built.binding?.inlineCluster) continue;
      const at = sortedIndex(clusters, name, clusterName);
      if (at < clusters.length && clusterName(clusters[at]!) === name) clusters[at] = built.cluster;
    }
    const take = <T>(list: T[], name: string, nameOf: (item: T) => string): void => {
      const at = sortedIndex(list, name, nameOf);
      if (at < list.length && nameOf(list[at]!) === name) list.splice(at, 1);
    };
    for (const name of this.namesRemoved) {
      take(clusters, name, clusterName);
      take(bindings, name, bindingName);
    }
    for (const name of this.namesAdded) {
      const built = this.built(name, memo);
      if (!built.binding?.inlineCluster) clusters.splice(sortedIndex(clusters, name, clusterName), 0, built.cluster);
      if (built.binding) bindings.splice(sortedIndex(bindings, name, bindingName), 0, built.binding);
    }
    return { clusters, bindings };
  }

  private lists(memo: ClusterMemo): ClusterResources {
    const clusters: Cluster[] = [];
    const bindings: EndpointBinding[] = [];
    for (const name of this.names) {
      const built = this.built(name, memo);
      if (!built.binding?.inlineCluster) clusters.push(built.cluster);
      if (built.binding) bindings.push(built.binding);
    }
    return { clusters, bindings };
  }
}

const clusterName = (c: Cluster): string => c.name ?? '';
const bindingName = (b: EndpointBinding): string => b.cluster;

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
