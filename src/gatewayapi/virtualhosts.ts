/**
 * A served HTTP or HTTPS listener's route table -> IR virtual hosts. One virtual host per
 * hostname, most specific first. Because Envoy picks a single virtual host per request, a
 * virtual host also carries, after its own routes, the routes of every wider hostname that
 * covers it ("*.example.com", then "*"): the Gateway API gives more specific hostnames
 * precedence but lets requests fall through to routes on wider ones. HTTPRoutes and GRPCRoutes
 * never share a hostname on a listener (routeconflicts.ts), so their routes never mix.
 */
import type { HTTPRoute as IRRoute, Redirect, VirtualHost } from '../ir/types';
import type { ListenerContext } from './contexts';
import { compareHostnameSpecificity, hostnameCovers } from './hostnames';
import type { RedirectSpec } from './httpfilters';
import type { TranslatedMatch } from './httpmatch';
import type { HTTPLikeRouteContext, HTTPRuleIR } from './httprules';
import { freezeValue } from '../message/watchable';
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
    headerMatches: structuredClone(match.headerMatches),
    queryParamMatches: structuredClone(match.queryParamMatches),
  };
  if (match.method !== undefined) out.method = match.method;
  if (rule.requestHeaders) out.requestHeaders = structuredClone(rule.requestHeaders);
  if (rule.responseHeaders) out.responseHeaders = structuredClone(rule.responseHeaders);
  if (rule.redirect) out.redirect = redirectFor(rule.redirect, listener.listener.port);
  if (rule.urlRewrite) out.urlRewrite = { ...rule.urlRewrite };
  if (rule.mirrors) out.mirrors = structuredClone(rule.mirrors);
  if (rule.destination) out.destination = structuredClone(rule.destination);
  if (rule.directResponse) out.directResponse = { ...rule.directResponse };
  if (rule.requestTimeoutMs !== undefined) out.requestTimeoutMs = rule.requestTimeoutMs;
  if (rule.backendRequestTimeoutMs !== undefined) out.backendRequestTimeoutMs = rule.backendRequestTimeoutMs;
  // The invalid share of a weighted destination gets the route kind's failure status.
  if (route.traits.failureStatus !== 500 && rule.destination?.settings.some((s) => s.invalid)) out.invalidBackendStatus = route.traits.failureStatus;
  if (rule.websocket) out.websocket = true;
  if (rule.cors) out.cors = structuredClone(rule.cors);
  return { ...out, origin: `${route.kind} ${route.namespace}/${route.name} rule ${rule.ruleIndex} match ${matchIndex}` };
}

/** IR routes already built from a rule, by placement (see placedIRRoute). */
export type IRRouteCache = WeakMap<object, Map<string, IRRoute>>;

/**
 * The IR route of an entry, reused when the same translated rule was placed the same way before
 * (same listener name and port, virtual host and match): it is then the same frozen object, so
 * storing the IR costs only the routes that changed.
 */
function placedIRRoute(listener: ListenerContext, vhost: string, e: RouteTableEntry, cache: IRRouteCache | undefined): IRRoute {
  if (!cache) return irRoute(listener, vhost, e);
  let byPlacement = cache.get(e.rule);
  if (!byPlacement) cache.set(e.rule, (byPlacement = new Map()));
  const placement = `${listener.irName}\n${listener.listener.port}\n${vhost}\n${e.matchIndex}`;
  let out = byPlacement.get(placement);
  if (!out) byPlacement.set(placement, (out = freezeValue(irRoute(listener, vhost, e))));
  return out;
}

export function buildVirtualHosts(listener: ListenerContext, entries: readonly RouteTableEntry[], cache?: IRRouteCache): VirtualHost[] {
  const byHostname = new Map<string, RouteTableEntry[]>();
  for (const e of entries) {
    const list = byHostname.get(e.hostname);
    if (list) list.push(e);
    else byHostname.set(e.hostname, [e]);
  }
  for (const list of byHostname.values()) list.sort((a, b) => comparePrecedence(a.precedence, b.precedence));
  const hostnames = [...byHostname.keys()].sort(compareHostnameSpecificity);

  return hostnames.map((vhost) => {
    const routes: IRRoute[] = [];
    const placed = new Set<string>();
    // Own hostname first, then each wider hostname covering it, most specific first.
    for (const group of hostnames.filter((h) => hostnameCovers(h, vhost))) {
      for (const e of byHostname.get(group)!) {
        const id = `${e.route.key}/${e.rule.ruleIndex}/${e.matchIndex}`;
        if (placed.has(id)) continue;
        placed.add(id);
        routes.push(placedIRRoute(listener, vhost, e, cache));
      }
    }
    return { name: vhost, domains: [vhost], routes };
  });
}
