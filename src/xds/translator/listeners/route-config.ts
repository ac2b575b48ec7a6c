/**
 * One RouteConfiguration for a set of IR HTTP listeners that share a filter chain (the plain
 * HTTP listeners of one port, or a single HTTPS listener): one virtual host per IR virtual host.
 */
import type { HTTPListener, VirtualHost as IRVirtualHost } from '../../../ir/types';
import { freezeValue } from '../../../message/watchable';
import type { RouteConfiguration } from '../../../generated/envoy/config/route/v3/RouteConfiguration';
import type { VirtualHost } from '../../../generated/envoy/config/route/v3/VirtualHost';
import { byName, virtualHostName } from '../names';
import { cachedRoute, type ListenerContext } from './route';
import { listenerFilterVirtualHostConfig } from './extauthz';
import type { Route } from '../../../generated/envoy/config/route/v3/Route';
import { rateLimitActions } from './globalratelimit';
import { securityPerFilterConfig, withRouteOverrides } from './security-filters';
import { withRouteLookupTree } from './route-lookup';

/**
 * How specific a listener's hostname is, most specific first: exact names, then wildcards
 * (longer first), then the catch-all. Gateway API sends a request to the most specific
 * listener that matches it.
 */
function specificity(listener: HTTPListener): [number, number] {
  const hostname = listener.hostnames[0] ?? '*';
  if (hostname === '*') return [2, 0];
  if (hostname.startsWith('*')) return [1, -hostname.length];
  return [0, -hostname.length];
}

function bySpecificity(a: HTTPListener, b: HTTPListener): number {
  const [x1, x2] = specificity(a);
  const [y1, y2] = specificity(b);
  return x1 - y1 || x2 - y2;
}

export function buildVirtualHost(listener: HTTPListener, vhost: IRVirtualHost, domains: string[], context: ListenerContext): VirtualHost {
  const routes = vhost.routes.map((route) => cachedRoute(route, context));
  const out: VirtualHost = { name: virtualHostName(listener.name, vhost.name), domains };
  if (hasListenerFilters(listener)) {
    out.typed_per_filter_config = listenerFilterVirtualHostConfig(listener, vhost);
    routes.push(NO_ROUTE);
  }
  out.routes = routes;
  return out;
}

/**
 * The virtual host with its routes in a matcher tree (route-lookup.ts), made once per (frozen)
 * virtual host with the list: the last step, after anything that works on the list.
 */
function withTree(vhost: VirtualHost, context: ListenerContext): VirtualHost {
  const trees = context.vhostTrees;
  if (!trees || !Object.isFrozen(vhost)) return withRouteLookupTree(vhost);
  let tree = trees.get(vhost);
  if (!tree) trees.set(vhost, (tree = freezeValue(withRouteLookupTree(vhost))));
  return tree;
}

function hasListenerFilters(listener: HTTPListener): boolean {
  return (listener.requestFilters ?? []).length > 0;
}

/**
 * The last route of a virtual host of a listener with filters: a request that matches none of
 * its routes still has one, so the listener's filters (enabled by the virtual host) run before it
 * is answered 404, and may still make it match a route (listenerFilterVirtualHostConfig).
 */
const NO_ROUTE: Route = { name: 'no-route', match: { prefix: '/' }, direct_response: { status: 404 } };

/**
 * A listener with filters checks every request for its hostname, even those for names it has no
 * route for: a virtual host for its hostname, with no routes of its own, when none has that domain.
 */
function listenerFilterFallback(listener: HTTPListener): { vhost: IRVirtualHost; domain: string } | undefined {
  if (!hasListenerFilters(listener)) return undefined;
  const domain = listener.hostnames[0] ?? '*';
  return { vhost: { name: `~filters:${domain}`, domains: [domain], routes: [] }, domain };
}

/**
 * buildVirtualHost, reusing what was built for the same (frozen) IR virtual host the same way,
 * with the listener's rate limit actions (its policies are the listener's, not the virtual host's).
 */
export function cachedVirtualHost(listener: HTTPListener, vhost: IRVirtualHost, domains: string[], context: ListenerContext): VirtualHost {
  const rateLimits = rateLimitActions(listener.policies?.rateLimit);
  const security = listener.policies?.security;
  const securityConfig = securityPerFilterConfig(security);
  const built = withTree(withRouteOverrides(cachedOwnVirtualHost(listener, vhost, domains, context), vhost, security), context);
  if (rateLimits.length === 0 && !securityConfig) return built;
  const out = rateLimits.length > 0 ? { ...built, rate_limits: rateLimits } : { ...built };
  if (securityConfig) out.typed_per_filter_config = { ...built.typed_per_filter_config, ...securityConfig };
  return out;
}

function cachedOwnVirtualHost(listener: HTTPListener, vhost: IRVirtualHost, domains: string[], context: ListenerContext): VirtualHost {
  // A listener's filters are not part of the IR virtual host: built afresh.
  if (!context.vhostCache || hasListenerFilters(listener)) return buildVirtualHost(listener, vhost, domains, context);
  let byUse = context.vhostCache.get(vhost);
  if (!byUse) context.vhostCache.set(vhost, (byUse = new Map()));
  const key = `${listener.name}\n${domains.join(',')}\n${context.scheme}:${context.port}`;
  let built = byUse.get(key);
  // Frozen: stores on the bus then share it rather than copy it.
  if (!built) byUse.set(key, (built = freezeValue(buildVirtualHost(listener, vhost, domains, context))));
  return built;
}

/** Misdirected Request: the connection's TLS session was made for another listener than the Host's. */
const MISDIRECTED_STATUS = 421;

export function misdirectedVirtualHost(listener: HTTPListener, domains: string[]): VirtualHost {
  return {
    name: virtualHostName(listener.name, '~misdirected'),
    domains,
    routes: [{ name: 'misdirected', match: { prefix: '/' }, direct_response: { status: MISDIRECTED_STATUS } }],
  };
}

/**
 * The Hosts an HTTPS listener must answer 421 for, when other HTTPS listeners share its port (a
 * client may reuse one TLS connection for several names, HTTP/2 connection coalescing): Hosts
 * that belong to another listener, that is, outside this listener's hostname, or within it but
 * claimed by a more specific listener. A catch-all listener answers the other listeners' names
 * with 421 and unknown names as usual (404).
 */
export function misdirectedDomains(listener: HTTPListener, siblings: readonly HTTPListener[]): string[] {
  const own = listener.hostnames[0] ?? '*';
  const out = new Set<string>();
  for (const sibling of siblings) {
    const other = sibling.hostnames[0] ?? '*';
    if (sibling === listener || other === '*' || other === own) continue;
    // Names within this listener's own that a more specific listener claims (with a hostname of
    // its own, everything else is covered by "*" below).
    if (own === '*' || (own.startsWith('*.') && other.toLowerCase().endsWith(own.slice(1).toLowerCase()))) out.add(other);
  }
  if (own !== '*' && siblings.some((s) => s !== listener)) out.add('*');
  return [...out].sort();
}

/**
 * Envoy rejects a route configuration in which two virtual hosts share a domain. When several
 * listeners serve the same hostname on one port (say "*" with a route for a.example.com, and
 * a listener for a.example.com), the most specific listener owns that domain, as Gateway API
 * requires; later virtual hosts lose the domain, and are left out when no domain remains.
 * Envoy's own domain precedence (exact, then longest wildcard, then "*") does the rest.
 *
 * A Host with a port matches the domains as if it had none (ignore_port_in_host_matching), as
 * Gateway API requires, while the Host itself reaches the backend unchanged. (Domains of the
 * form "<domain>:*" would not do: Envoy reads "*.example.com:*" as a suffix wildcard ending in a
 * literal ":*", which no real Host ends with.)
 */
export function buildRouteConfiguration(name: string, listeners: HTTPListener[], context: ListenerContext, misdirected: readonly string[] = []): RouteConfiguration {
  const claimed = new Set<string>();
  const virtualHosts: VirtualHost[] = [];
  for (const listener of [...listeners].sort(bySpecificity)) {
    for (const vhost of listener.virtualHosts) {
      const domains: string[] = [];
      for (const domain of vhost.domains) {
        const key = domain.toLowerCase();
        if (claimed.has(key)) continue;
        claimed.add(key);
        domains.push(domain);
      }
      if (domains.length === 0) continue;
      virtualHosts.push(cachedVirtualHost(listener, vhost, domains, context));
    }
    const fallback = listenerFilterFallback(listener);
    if (fallback && !claimed.has(fallback.domain.toLowerCase())) {
      claimed.add(fallback.domain.toLowerCase());
      virtualHosts.push(withTree(buildVirtualHost(listener, fallback.vhost, [fallback.domain], context), context));
    }
  }
  const elsewhere = misdirected.filter((d) => !claimed.has(d.toLowerCase()));
  if (elsewhere.length > 0 && listeners[0]) virtualHosts.push(misdirectedVirtualHost(listeners[0], elsewhere));
  return {
    name,
    // Domains decide which virtual host serves a request, whatever the order: sort by name so
    // the output does not depend on listener order.
    virtual_hosts: virtualHosts.sort(byName((v) => v.name ?? '')),
    ignore_port_in_host_matching: true,
    // Routes may name a cluster that does not exist (the invalid-backend share) or is not
    // there yet: the route configuration must still load. (False is the RDS default; say so
    // explicitly so the same resource also loads as static configuration.)
    validate_clusters: { value: false },
  };
}

