/**
 * Hostname matching per the Gateway API: "*.example.com" matches any name with at least one
 * more label ("a.example.com", "a.b.example.com") but not "example.com" itself; "*" (no
 * hostname) matches everything. Names are compared case-insensitively.
 */

/** The catch-all used where a listener or route sets no hostname. */
export const ANY_HOST = '*';

export function normalizeHostname(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}

export function isWildcard(hostname: string): boolean {
  return hostname === ANY_HOST || hostname.startsWith('*.');
}

/** The suffix a wildcard covers, with its leading dot (".example.com"), or "" for "*". */
function wildcardSuffix(wildcard: string): string {
  return wildcard === ANY_HOST ? '' : wildcard.slice(1);
}

/**
 * True when every name `host` can stand for is also matched by `pattern`: an exact host
 * inside a wildcard, a narrower wildcard inside a wider one, or anything inside "*".
 */
export function hostnameCovers(pattern: string, host: string): boolean {
  if (pattern === host) return true;
  if (!isWildcard(pattern)) return false;
  if (pattern === ANY_HOST) return true;
  if (host === ANY_HOST) return false;
  const suffix = wildcardSuffix(pattern);
  // The host needs at least one label before the suffix: the apex is not matched.
  const candidate = isWildcard(host) ? wildcardSuffix(host) : host;
  return candidate.endsWith(suffix) && candidate.length > suffix.length;
}

/** The narrower of two hostnames when one covers the other, else undefined. */
export function intersectHostname(a: string, b: string): string | undefined {
  if (hostnameCovers(a, b)) return b;
  if (hostnameCovers(b, a)) return a;
  return undefined;
}

/**
 * The hostnames a route serves on a listener: the route's hostnames narrowed by the
 * listener's. Undefined/empty on either side means "no restriction". The result is sorted by
 * specificity and free of duplicates; it is empty when nothing intersects.
 */
export function intersectListenerAndRoute(listenerHostname: string | undefined, routeHostnames: readonly string[] | undefined): string[] {
  const listener = listenerHostname ? normalizeHostname(listenerHostname) : ANY_HOST;
  const routes = routeHostnames && routeHostnames.length > 0 ? routeHostnames.map(normalizeHostname) : [ANY_HOST];
  const out = new Set<string>();
  for (const route of routes) {
    const narrowed = intersectHostname(listener, route);
    if (narrowed !== undefined) out.add(narrowed);
  }
  return [...out].sort(compareHostnameSpecificity);
}

function labelCount(hostname: string): number {
  return hostname.split('.').length;
}

/**
 * Most specific first: exact names before wildcards, then more labels, then longer, then
 * alphabetical; "*" last. Deterministic total order.
 */
export function compareHostnameSpecificity(a: string, b: string): number {
  if (a === b) return 0;
  if (a === ANY_HOST) return 1;
  if (b === ANY_HOST) return -1;
  const wa = isWildcard(a);
  const wb = isWildcard(b);
  if (wa !== wb) return wa ? 1 : -1;
  const labels = labelCount(b) - labelCount(a);
  if (labels !== 0) return labels;
  if (a.length !== b.length) return b.length - a.length;
  return a < b ? -1 : 1;
}
