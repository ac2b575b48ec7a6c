/**
 * A served HTTP or HTTPS listener's route table -> IR virtual hosts. One virtual host per
 * hostname, most specific first. Because Envoy picks a single virtual host per request, a
 * virtual host also carries, after its own routes, the routes of every wider hostname that
 * covers it ("*.example.com", then "*"): the Gateway API gives more specific hostnames
 * precedence but lets requests fall through to routes on wider ones. HTTPRoutes and GRPCRoutes
 * never share a hostname on a listener (routeconflicts.ts), so their routes never mix.
 */
import { cloneJson } from '../../ir/clone';
import type { HTTPRoute as IRRoute, Redirect, VirtualHost } from '../../ir/types';
import type { ListenerContext } from '../model/contexts';
import { compareHostnameSpecificity, hostnameCovers, isWildcard } from '../listeners/hostnames';
import type { RedirectSpec } from './httpfilters';
import type { TranslatedMatch } from './httpmatch';
import type { HTTPLikeRouteContext, HTTPRuleIR } from './httprules';
import { freezeValue } from '../../message/watchable';
import { comparePrecedence, precedenceKeyFrom, type PrecedenceKey } from './precedence';

/** One match of one rule of one route, placed on one hostname of a listener. */
export interface RouteTableEntry {
  hostname: string;
  route: HTTPLikeRouteContext;
  rule: HTTPRuleIR;
  matchIndex: number;
  match: TranslatedMatch;
  precedence: PrecedenceKey;
}

export function routeTableEntries(route: HTTPLikeRouteContext, hostnames: readonly string[]): RouteTableEntry[] {
  const out: RouteTableEntry[] = [];
  for (const hostname of hostnames) {
    for (const rule of route.rules) {
      for (const { matchIndex, match, specificity } of rule.matches) {
        out.push({ hostname, route, rule, matchIndex, match, precedence: precedenceKeyFrom(specificity, route, rule.ruleIndex, matchIndex) });
      }
    }
  }
  return out;
}

const WELL_KNOWN_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443 };

/**
 * Redirect port per the API: the explicit port, else the well-known port of an explicit scheme,
 * else the listener's port.
 */
function redirectFor(spec: RedirectSpec, listenerPort: number): Redirect {
  const out: Redirect = { statusCode: spec.statusCode };
  if (spec.scheme !== undefined) out.scheme = spec.scheme;
  if (spec.hostname !== undefined) out.hostname = spec.hostname;
  out.port = spec.port ?? (spec.scheme !== undefined ? WELL_KNOWN_PORTS[spec.scheme] ?? listenerPort : listenerPort);
  if (spec.fullPath !== undefined) out.fullPath = spec.fullPath;
  if (spec.prefixReplace !== undefined) out.prefixReplace = spec.prefixReplace;
  return out;
}

function irRoute(listener: ListenerContext, vhost: string, e: RouteTableEntry): IRRoute {
  const { route, rule, match, matchIndex } = e;
  const out: Omit<IRRoute, 'origin'> = {
    name: `${listener.irName}/${vhost}/${route.kind.toLowerCase()}/${route.namespace}/${route.name}/rule/${rule.ruleIndex}/match/${matchIndex}`,
    pathMatch: { ...match.pathMatch },
    headerMatches: cloneJson(match.headerMatches),
    queryParamMatches: cloneJson(match.queryParamMatches),
  };
  if (match.method !== undefined) out.method = match.method;
  if (rule.requestHeaders) out.requestHeaders = cloneJson(rule.requestHeaders);
  if (rule.responseHeaders) out.responseHeaders = cloneJson(rule.responseHeaders);
  if (rule.redirect) out.redirect = redirectFor(rule.redirect, listener.listener.port);
  if (rule.urlRewrite) out.urlRewrite = { ...rule.urlRewrite };
  if (rule.mirrors) out.mirrors = cloneJson(rule.mirrors);
  if (rule.destination) out.destination = cloneJson(rule.destination);
  if (rule.directResponse) out.directResponse = { ...rule.directResponse };
  if (rule.requestTimeoutMs !== undefined) out.requestTimeoutMs = rule.requestTimeoutMs;
  if (rule.backendRequestTimeoutMs !== undefined) out.backendRequestTimeoutMs = rule.backendRequestTimeoutMs;
  if (rule.retry) out.retry = cloneJson(rule.retry);
  // The invalid share of a weighted destination gets the route kind's failure status.
  if (route.traits.failureStatus !== 500 && rule.destination?.settings.some((s) => s.invalid)) out.invalidBackendStatus = route.traits.failureStatus;
  if (rule.websocket) out.websocket = true;
  if (rule.cors) out.cors = cloneJson(rule.cors);
  return { ...out, origin: `${route.kind} ${route.namespace}/${route.name} rule ${rule.ruleIndex} match ${matchIndex}` };
}

/** IR routes already built from a rule, by placement (see placedIRRoute). */
export type IRRouteCache = WeakMap<RouteTableEntry, Map<string, IRRoute>>;

/**
 * The IR route of an entry, reused when the same entry (a translated rule placed on a listener
 * and hostname; entries are kept while their route's attachment stands) was placed in the same
 * virtual host before: it is then the same frozen object, so storing the IR costs only the
 * routes that changed.
 */
function placedIRRoute(listener: ListenerContext, vhost: string, e: RouteTableEntry, cache: IRRouteCache | undefined): IRRoute {
  if (!cache) return irRoute(listener, vhost, e);
  let byVhost = cache.get(e);
  if (!byVhost) cache.set(e, (byVhost = new Map()));
  let out = byVhost.get(vhost);
  if (!out) byVhost.set(vhost, (out = freezeValue(irRoute(listener, vhost, e))));
  return out;
}

/** Virtual hosts built before, by "<listener IR name>\n<hostname>", reused while their routes are the same. */
export type VirtualHostCache = Map<string, VirtualHost>;

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The virtual host, or the equal one built before (frozen, so the IR can share it). */
function virtualHost(listener: ListenerContext, name: string, routes: IRRoute[], cache: VirtualHostCache | undefined, built: Set<string>): VirtualHost {
  if (!cache) return { name, domains: [name], routes };
  const key = `${listener.irName}\n${name}`;
  built.add(key);
  const before = cache.get(key);
  if (before && sameItems(before.routes, routes)) return before;
  const vhost = freezeValue({ name, domains: [name], routes });
  cache.set(key, vhost);
  return vhost;
}

export function buildVirtualHosts(listener: ListenerContext, entries: readonly RouteTableEntry[], cache?: IRRouteCache, vhosts?: VirtualHostCache): VirtualHost[] {
  const byHostname = new Map<string, RouteTableEntry[]>();
  for (const e of entries) {
    const list = byHostname.get(e.hostname);
    if (list) list.push(e);
    else byHostname.set(e.hostname, [e]);
  }
  for (const list of byHostname.values()) list.sort((a, b) => comparePrecedence(a.precedence, b.precedence));
  const hostnames = [...byHostname.keys()].sort(compareHostnameSpecificity);

  // Only wildcards cover other hostnames: looking at them alone keeps this linear in hostnames.
  const wildcards = hostnames.filter(isWildcard);
  const built = new Set<string>();
  const out = hostnames.map((vhost) => {
    // Own hostname first, then each wider hostname covering it, most specific first.
    const groups = [vhost, ...wildcards.filter((w) => w !== vhost && hostnameCovers(w, vhost))];
    const routes: IRRoute[] = [];
    // A route on several of these hostnames is placed once (first, most specific).
    const placed = groups.length > 1 ? new Set<string>() : undefined;
    for (const group of groups) {
      for (const e of byHostname.get(group)!) {
        if (placed) {
          const id = `${e.route.key}/${e.rule.ruleIndex}/${e.matchIndex}`;
          if (placed.has(id)) continue;
          placed.add(id);
        }
        routes.push(placedIRRoute(listener, vhost, e, cache));
      }
    }
    return virtualHost(listener, vhost, routes, vhosts, built);
  });
  if (vhosts) {
    const prefix = `${listener.irName}\n`;
    for (const key of [...vhosts.keys()]) if (key.startsWith(prefix) && !built.has(key)) vhosts.delete(key);
  }
  return out;
}
