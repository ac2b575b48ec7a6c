/**
 * Places the Pier policies that apply to one Gateway in its IR: per HTTP listener the settings of
 * the most specific policy of each kind among listener (sectionName), ListenerSet and Gateway;
 * per route rule, the rule's (sectionName) or else the route's, which replace the listener's
 * kind by kind in the xDS translator. Only listeners and the routes a policy targets are copied:
 * a Gateway-wide policy costs one field per listener, whatever the number of routes.
 *
 * Also reports, per policy, what became of its targets on this Gateway (applied, or not found:
 * a listener or rule name the target does not have), for the policy statuses (status.ts).
 */
import type { HTTPListener, HTTPRoute as IRRoute, PolicySettings, VirtualHost, XdsIR } from '../../ir/types';
import type { AnyRoute } from '../memo';
import type { ListenerContext, GatewayContext } from '../model/contexts';
import { describeTarget, targetKey, type PolicyState, type PolicyTarget, keyOfTarget } from './attachment';
import { POLICY_TRANSLATIONS } from './kinds';
import type { PierPolicies } from './policies';
import { settleSharedPorts, type SharedPortConflict } from './clientpolicy';
import { servicesOfIR, type BackendPlacement } from './backendpolicy-clusters';
import type { BackendPolicySettings } from '../../ir/backendpolicy';
import { freezeValue } from '../../message/watchable';

export type TargetOutcome = 'applied' | 'notFound';

/** conflict: why the target's settings were dropped though the policy holds it (a shared port, clientpolicy.ts). */
export interface TargetReport {
  target: PolicyTarget; outcome: TargetOutcome; conflict?: string;
  /** What the policy asks for that cannot be had on this Gateway (a reference that does not resolve): Invalid there. */
  invalid?: string;
  /** Said in the Accepted message: part of what the policy sets yields to another policy here. */
  note?: string;
}

/** Policy key -> target key -> what became of it on this Gateway. */
export type PolicyOutcomes = Map<string, { state: PolicyState<unknown>; targets: Map<string, TargetReport> }>;

function record(out: PolicyOutcomes, state: PolicyState<unknown>, target: PolicyTarget, outcome: TargetOutcome): void {
  let entry = out.get(state.key);
  if (!entry) out.set(state.key, (entry = { state, targets: new Map() }));
  entry.targets.set(keyOfTarget(target), { target, outcome });
}

/**
 * The settings of the winning, valid policy of every kind at the first target key that has one
 * (field-merge kinds: merged with those of the less specific keys, for what it leaves unset).
 */
function settingsAt(policies: PierPolicies, keys: readonly string[]): PolicySettings | undefined {
  let out: PolicySettings | undefined;
  for (const [kind, attached] of policies.byKind) {
    const translation = POLICY_TRANSLATIONS[kind];
    let placed: PolicySettings | undefined;
    for (const key of keys) {
      const state = attached.at(key);
      if (!state?.settings) continue;
      const target = state.targets.find((t) => keyOfTarget(t) === key)!;
      const here = translation.place(state.settings, `${state.key}@${key}`, state.source(target));
      placed = placed ? translation.merge!(placed, here) : here;
      if (!translation.merge) break;
    }
    if (placed) out = { ...out, ...placed };
  }
  return out;
}

/** The target keys of a listener, most specific first. */
function listenerKeys(gw: GatewayContext, l: ListenerContext): string[] {
  const gateway = targetKey('Gateway', gw.namespace, gw.name);
  if (!l.owner) return [targetKey('Gateway', gw.namespace, gw.name, l.listener.name), gateway];
  const set = targetKey('ListenerSet', l.owner.namespace, l.owner.name);
  return [targetKey('ListenerSet', l.owner.namespace, l.owner.name, l.listener.name), set, gateway];
}

/** "httproute/<ns>/<name>/rule/<index>": the part of an IR route's name after its listener that names its rule. */
function ruleKeyOfIRRoute(listenerIrName: string, route: IRRoute): string {
  const rest = route.name.slice(listenerIrName.length + 1);
  return rest.slice(0, rest.lastIndexOf('/match/'));
}

/**
 * gw's IR with the policies placed on its listeners and rules, and what its BackendPolicies give
 * its plain clusters (placed last, by applyBackendPolicyClusters, once every cluster the IR uses
 * is known); outcomes gets what became of each policy's targets here.
 * listeners: the served HTTP listeners in IR order (ir.http); routes: those attached to gw.
 */
export function applyPolicies(ir: XdsIR, gw: GatewayContext, listeners: readonly ListenerContext[], routes: readonly AnyRoute[], policies: PierPolicies, outcomes: PolicyOutcomes): { ir: XdsIR; backend: BackendPlacement } {
  // What targets this Gateway: its own listeners and ListenerSets, and its routes and rules.
  const routeByKey = new Map(routes.map((r) => [targetKey(r.kind, r.metadata.namespace ?? '', r.metadata.name), r]));
  const listenerNames = new Set(gw.listeners.filter((l) => !l.owner).map((l) => l.listener.name));
  /** IR rule key ("httproute/ns/name/rule/i") -> the rule's settings. */
  const ruleSettings = new Map<string, PolicySettings>();
  /** "<namespace>/<name>" of a Service the Gateway's routes reach -> its BackendPolicy's settings. */
  const serviceSettings = new Map<string, BackendPolicySettings>();
  let servicesUsed: Set<string> | undefined;
  for (const state of policies.states()) {
    for (const target of state.targets) {
      if (target.kind === 'Service') {
        // An ancestor is a Gateway whose routes reach the Service (as for BackendTLSPolicy).
        servicesUsed ??= servicesOfIR(ir);
        const service = `${target.namespace}/${target.name}`;
        if (!servicesUsed.has(service)) continue;
        record(outcomes, state, target, 'applied');
        const settings = settingsAt(policies, [keyOfTarget(target)])?.backend;
        if (settings) serviceSettings.set(service, settings);
      } else if (target.kind === 'Gateway') {
        if (target.namespace !== gw.namespace || target.name !== gw.name) continue;
        record(outcomes, state, target, target.sectionName === undefined || listenerNames.has(target.sectionName) ? 'applied' : 'notFound');
      } else if (target.kind === 'ListenerSet') {
        const set = gw.listenerSets.get(`${target.namespace}/${target.name}`);
        if (!set) continue;
        record(outcomes, state, target, target.sectionName === undefined || set.listeners.some((l) => l.listener.name === target.sectionName) ? 'applied' : 'notFound');
      } else {
        const route = routeByKey.get(targetKey(target.kind, target.namespace, target.name));
        if (!route) continue;
        const rules = (route.spec.rules ?? []) as { name?: string }[];
        const ruleIndex = target.sectionName === undefined ? -1 : rules.findIndex((r) => r.name === target.sectionName);
        record(outcomes, state, target, target.sectionName === undefined || ruleIndex >= 0 ? 'applied' : 'notFound');
        // Each rule of a targeted route, once: the rule's own policy, else the route's.
        rules.forEach((rule, i) => {
          const key = `${route.kind.toLowerCase()}/${target.namespace}/${target.name}/rule/${i}`;
          if (ruleSettings.has(key)) return;
          const routeKey = targetKey(route.kind, target.namespace, target.name);
          const settings = settingsAt(policies, rule.name === undefined ? [routeKey] : [targetKey(route.kind, target.namespace, target.name, rule.name), routeKey]);
          if (settings) ruleSettings.set(key, settings);
        });
      }
    }
  }
  let changed = false;
  const http = ir.http.map((listener, i): HTTPListener => {
    const l = listeners[i]!;
    const own = settingsAt(policies, listenerKeys(gw, l));
    const virtualHosts = ruleSettings.size === 0 ? listener.virtualHosts : withRouteSettings(listener, l.irName, ruleSettings);
    if (!own && virtualHosts === listener.virtualHosts) return listener;
    changed = true;
    const out: HTTPListener = { ...listener, virtualHosts };
    if (own) out.policies = own;
    return out;
  });
  const conflicts: SharedPortConflict[] = [];
  const settled = changed ? settleSharedPorts(http, conflicts, new Set(ir.tcp.map((l) => `${l.address}|${l.port}`))) : http;
  for (const c of conflicts) {
    for (const report of outcomes.get(c.policyKey)?.targets.values() ?? []) if (describeTarget(report.target) === c.target) report.conflict = c.message;
  }
  const backend: BackendPlacement = { services: serviceSettings };
  const gatewayWide = policies.byKind.has('BackendPolicy') ? settingsAt(policies, [targetKey('Gateway', gw.namespace, gw.name)])?.backend : undefined;
  if (gatewayWide) backend.gateway = gatewayWide;
  return { ir: changed ? { ...ir, http: settled } : ir, backend };
}

function withRouteSettings(listener: HTTPListener, irName: string, ruleSettings: ReadonlyMap<string, PolicySettings>): VirtualHost[] {
  let changed = false;
  const vhosts = listener.virtualHosts.map((vh) => {
    let routesChanged = false;
    const routes = vh.routes.map((route) => {
      const settings = ruleSettings.get(ruleKeyOfIRRoute(irName, route));
      if (!settings) return route;
      routesChanged = true;
      return freezeValue({ ...route, policies: settings });
    });
    if (!routesChanged) return vh;
    changed = true;
    return { ...vh, routes };
  });
  return changed ? vhosts : listener.virtualHosts;
}
