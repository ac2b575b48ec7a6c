/**
 * Patching a RouteConfiguration of one IR listener (route-config.ts routeConfiguration): the IR
 * virtual hosts not in the last IR are built and put in by name, those gone are taken out, the
 * 421 virtual host is made again. The IR shares its unchanged (frozen) virtual hosts from one
 * translation to the next, so what changed is found by identity around a common start and end.
 */
import { deepEqual } from 'fast-equals';
import type { HTTPListener } from '../../../ir/types';
import type { RouteConfiguration } from '../../../generated/envoy/config/route/v3/RouteConfiguration';
import type { VirtualHost } from '../../../generated/envoy/config/route/v3/VirtualHost';
import { virtualHostName } from '../names';
import { changedStretch, sortedIndex } from '../incremental';

const nameOf = (v: VirtualHost): string => v.name ?? '';
import type { ListenerContext } from './route';
import { buildRouteConfiguration, cachedVirtualHost, misdirectedVirtualHost } from './route-config';

/** The last RouteConfiguration of a name, with what it was built from. */
export interface RouteConfigState {
  listener: HTTPListener;
  misdirected: readonly string[];
  /** "<scheme>:<port>" of the context. */
  use: string;
  /** The (lowercased) domains of the listener's virtual hosts, each claimed once. */
  claimed: Set<string>;
  config: RouteConfiguration;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Whether two listeners' policies give their virtual hosts the same: BackendPolicy's do not count
 * (the Gateway API translator places them on the clusters and the routes).
 */
function sameVirtualHostPolicies(a: HTTPListener['policies'], b: HTTPListener['policies']): boolean {
  if (a === b) return true;
  const { backend: _a, ...restA } = a ?? {};
  const { backend: _b, ...restB } = b ?? {};
  return deepEqual(restA, restB);
}

/** The patched configuration (state updated), or undefined when it must be built whole. */
export function patchRouteConfiguration(state: RouteConfigState, listener: HTTPListener, context: ListenerContext, misdirected: readonly string[]): RouteConfiguration | undefined {
  if (listener === state.listener && sameStrings(misdirected, state.misdirected)) return state.config;
  if (listener.name !== state.listener.name || state.use !== `${context.scheme}:${context.port}` || !sameStrings(misdirected, state.misdirected)) return undefined;
  // The listener's policies are on every one of its virtual hosts (rate limit actions).
  if (!sameVirtualHostPolicies(listener.policies, state.listener.policies)) return undefined;
  const { gone, added } = changedStretch(state.listener.virtualHosts, listener.virtualHosts);
  const freed = new Set<string>();
  for (const v of gone) for (const d of v.domains) freed.add(d.toLowerCase());
  const taken = new Set<string>();
  for (const v of added) {
    for (const d of v.domains) {
      const key = d.toLowerCase();
      // Two virtual hosts with one domain: only a whole build settles who keeps it.
      if ((state.claimed.has(key) && !freed.has(key)) || taken.has(key)) return undefined;
      taken.add(key);
    }
    if (v.domains.length === 0) return undefined;
  }

  const list = [...(state.config.virtual_hosts ?? [])];
  const misdirectedName = virtualHostName(listener.name, '~misdirected');
  const take = (name: string): boolean => {
    const at = sortedIndex(list, name, nameOf);
    if (at >= list.length || list[at]!.name !== name) return false;
    list.splice(at, 1);
    return true;
  };
  const put = (vhost: VirtualHost): boolean => {
    const at = sortedIndex(list, vhost.name ?? '', nameOf);
    if (at < list.length && list[at]!.name === vhost.name) return false;
    list.splice(at, 0, vhost);
    return true;
  };
  for (const v of gone) if (!take(virtualHostName(state.listener.name, v.name))) return undefined;
  for (const v of added) if (!put(cachedVirtualHost(listener, v, [...v.domains], context))) return undefined;
  if (misdirected.length > 0) {
    take(misdirectedName);
    const claimed = (key: string): boolean => (state.claimed.has(key) && !freed.has(key)) || taken.has(key);
    const elsewhere = misdirected.filter((d) => !claimed(d.toLowerCase()));
    if (elsewhere.length > 0 && !put(misdirectedVirtualHost(listener, elsewhere))) return undefined;
  }
  for (const d of freed) state.claimed.delete(d);
  for (const d of taken) state.claimed.add(d);
  const config: RouteConfiguration = { ...state.config, virtual_hosts: list };
  state.listener = listener;
  state.config = config;
  return config;
}

/**
 * buildRouteConfiguration, patched from the last one of the same name when context keeps them
 * (context.routeConfigs) and only the virtual hosts of its one listener changed: the virtual
 * hosts that changed are taken out and put in, the others stay, so an edit of one virtual host
 * costs that virtual host. The result is the same.
 */
export function routeConfiguration(name: string, listeners: HTTPListener[], context: ListenerContext, misdirected: readonly string[] = []): RouteConfiguration {
  const states = context.routeConfigs;
  if (!states) return buildRouteConfiguration(name, listeners, context, misdirected);
  // Listener filters add to every virtual host (and may add one): built whole.
  if (listeners.some((l) => (l.requestFilters ?? []).length > 0)) {
    states.delete(name);
    return buildRouteConfiguration(name, listeners, context, misdirected);
  }
  const before = states.get(name);
  const patched = before && listeners.length === 1 ? patchRouteConfiguration(before, listeners[0]!, context, misdirected) : undefined;
  if (patched) return patched;
  const config = buildRouteConfiguration(name, listeners, context, misdirected);
  const state = listeners.length === 1 ? stateOf(listeners[0]!, context, misdirected, config) : undefined;
  if (state) states.set(name, state);
  else states.delete(name);
  return config;
}

/** What a patch starts from; undefined when two virtual hosts of the listener share a domain (never patched). */
function stateOf(listener: HTTPListener, context: ListenerContext, misdirected: readonly string[], config: RouteConfiguration): RouteConfigState | undefined {
  const claimed = new Set<string>();
  for (const vhost of listener.virtualHosts) {
    for (const domain of vhost.domains) {
      const key = domain.toLowerCase();
      if (claimed.has(key)) return undefined;
      claimed.add(key);
    }
  }
  return { listener, misdirected, use: `${context.scheme}:${context.port}`, claimed, config };
}
