/**
 * HTTPRoute ExternalAuth (GEP-1494) as Envoy's ext_authz HTTP filter. Envoy cannot change a
 * filter's authorization service per route (ExtAuthzPerRoute only tunes the check), so each
 * distinct authorization setup gets a filter instance of its own in the connection manager,
 * disabled by default, and each route that uses it enables it with a per-filter config. The
 * instance name derives from the setup (cluster plus a hash of the settings), so routes sharing
 * a setup share a filter and an edit elsewhere renames nothing.
 *
 * Failure mode: Gateway API (GEP-1494, v1.7.0) says nothing about an authorization service that
 * cannot be reached. Pier fails closed: when the check cannot be made (service down, no
 * endpoints, no answer within CHECK_TIMEOUT_MS) the request is answered 503 and never reaches
 * the backend. 503 rather than Envoy's default 403: the client did nothing wrong and may retry.
 */
import { createHash } from 'node:crypto';
import type { DestinationSetting, ExternalAuth, HTTPListener, HTTPRoute, VirtualHost } from '../../../ir/types';
import type { ExtAuthz } from '../../../generated/envoy/extensions/filters/http/ext_authz/v3/ExtAuthz';
import type { ExtAuthzPerRoute } from '../../../generated/envoy/extensions/filters/http/ext_authz/v3/ExtAuthzPerRoute';
import type { FilterConfig } from '../../../generated/envoy/config/route/v3/FilterConfig';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { ListStringMatcher } from '../../../generated/envoy/type/matcher/v3/ListStringMatcher';
import type { StringMatcher } from '../../../generated/envoy/type/matcher/v3/StringMatcher';
import { typedConfig } from '../../types';
import { CONNECTION_BUFFER_LIMIT_BYTES, durationFromMs } from '../common';
import { byName, FilterName, ProtoType } from '../names';
import { quoteRegex } from './match';

/** How long a check may take before the request fails (Envoy's default, 200 ms, is short for a loaded service). */
export const CHECK_TIMEOUT_MS = 10_000;

/**
 * Headers of an allowing HTTP answer never copied to the backend request when
 * allowedResponseHeaders is empty ("all of them"): Host (the API's exception), and those that
 * describe the authorization answer itself rather than add to the request (framing, hop by hop).
 */
const ANSWER_OWN_HEADERS = ['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'server'];

const names = new WeakMap<ExternalAuth, string>();

/** The filter instance name of an authorization setup (routes with equal setups share it). */
export function extAuthzFilterName(auth: ExternalAuth): string {
  let name = names.get(auth);
  if (name === undefined) {
    const settings = JSON.stringify([auth.protocol, auth.service.clusterName, auth.allowedHeaders, auth.pathPrefix ?? null, auth.allowedResponseHeaders ?? null, auth.forwardBodyBytes ?? null]);
    name = `${FilterName.extAuthz}/${auth.service.clusterName}/${createHash('sha256').update(settings).digest('hex').slice(0, 12)}`;
    if (Object.isFrozen(auth)) names.set(auth, name);
  }
  return name;
}

function exactNames(headers: readonly string[]): ListStringMatcher {
  return { patterns: headers.map((h) => ({ exact: h, ignore_case: true })) };
}

/** Escapes a character for a regex character class. */
function classChar(c: string): string {
  return /[\]\\^-]/.test(c) ? `\\${c}` : c;
}

/**
 * Matchers that together match every non-empty string except the given words (lower case) and
 * strings starting with a character of notFirst. RE2 has no negative lookahead, and Envoy
 * refuses a regex whose program is large (100 by default), so the complement is spelled out
 * per node of the words' trie: "prefix, then a character that leads to no word, then
 * anything" (or the prefix alone, when it is not a word itself). Each regex stays small.
 */
export function namesOtherThan(words: readonly string[], notFirst = ''): StringMatcher[] {
  const prefixes = new Set<string>();
  for (const w of words) for (let i = 1; i <= w.length; i++) prefixes.add(w.slice(0, i));
  const isWord = new Set(words);
  const nextChars = (p: string): string[] =>
    [...new Set(words.filter((w) => w.length > p.length && w.startsWith(p)).map((w) => w[p.length]!))].sort();
  const anyOtherThen = (chars: readonly string[]): string => (chars.length > 0 ? `[^${chars.map(classChar).join('')}].*` : '.+');
  const out: StringMatcher[] = [{ safe_regex: { regex: anyOtherThen([...nextChars(''), ...notFirst]) } }];
  for (const p of [...prefixes].sort()) {
    const then = anyOtherThen(nextChars(p));
    out.push({ safe_regex: { regex: isWord.has(p) ? `${quoteRegex(p)}${then}` : `${quoteRegex(p)}(?:${then})?` } });
  }
  return out;
}

/** Headers of an allowing HTTP answer that go on to the backend. */
function upstreamHeaders(allowed: readonly string[] | undefined): ListStringMatcher {
  if (allowed && allowed.length > 0) return exactNames(allowed);
  // Pseudo-headers (":status") start with ':'.
  return { patterns: namesOtherThan(ANSWER_OWN_HEADERS, ':') };
}

/** The authorization service's name as a host: its TLS name, its DNS name, or "<service>.<namespace>". */
function serviceAuthority(service: DestinationSetting): string {
  if (service.tls) return service.tls.sni;
  if (service.dnsName) return service.dnsName;
  if (service.endpointsOf) return `${service.endpointsOf.service}.${service.endpointsOf.namespace}`;
  return 'ext-authz';
}

function extAuthzConfig(auth: ExternalAuth): ExtAuthz {
  const timeout = durationFromMs(CHECK_TIMEOUT_MS);
  const cluster = auth.service.clusterName;
  const config: ExtAuthz = {
    transport_api_version: 'V3',
    failure_mode_allow: false,
    // The failure mode (see above): no check, no request; 503.
    status_on_error: { code: 'ServiceUnavailable' },
  };
  if (auth.protocol === 'grpc') {
    // The default :authority would be the cluster name, which has '/' in it: servers refuse it.
    config.grpc_service = { envoy_grpc: { cluster_name: cluster, authority: serviceAuthority(auth.service) }, timeout };
  } else {
    config.http_service = {
      // Envoy sends the check to the cluster; the URI is required but only names it.
      server_uri: { uri: 'http://ext-authz', cluster, timeout },
      authorization_response: { allowed_upstream_headers: upstreamHeaders(auth.allowedResponseHeaders) },
    };
    if (auth.pathPrefix !== undefined) config.http_service.path_prefix = auth.pathPrefix;
  }
  // gRPC: only these (all when none); HTTP: these besides Host, Method, Path, Content-Length, Authorization.
  if (auth.allowedHeaders.length > 0) config.allowed_headers = exactNames(auth.allowedHeaders);
  if (auth.forwardBodyBytes !== undefined) {
    // A longer body is cut to forwardBody.maxSize, as the API's MaxSize asks; bytes keep binary
    // bodies intact over gRPC. Envoy buffers what it forwards within the connection buffer and
    // answers 413 to a body that overflows it, so at most that much is forwarded.
    const maxBytes = Math.min(auth.forwardBodyBytes, CONNECTION_BUFFER_LIMIT_BYTES);
    config.with_request_body = { max_request_bytes: maxBytes, allow_partial_message: true, pack_as_bytes: auth.protocol === 'grpc' };
  }
  return config;
}

/** The connection manager's ext_authz filters for these setups: sorted by name, each disabled until a route enables it. */
export function extAuthzHttpFilters(auths: Iterable<ExternalAuth>): HttpFilter[] {
  const byFilterName = new Map<string, ExternalAuth>();
  for (const auth of auths) {
    const name = extAuthzFilterName(auth);
    if (!byFilterName.has(name)) byFilterName.set(name, auth);
  }
  return [...byFilterName.entries()].sort(byName(([name]) => name))
    .map(([name, auth]) => ({ name, typed_config: typedConfig(ProtoType.extAuthz, extAuthzConfig(auth)), disabled: true }));
}

/** The route's typed_per_filter_config entry: enables its setup's filter. */
export function extAuthzPerFilterConfig(auth: ExternalAuth): Record<string, { '@type': string }> {
  const perRoute: ExtAuthzPerRoute = { check_settings: {} };
  const enable: FilterConfig = { config: typedConfig(ProtoType.extAuthzPerRoute, perRoute) };
  return { [extAuthzFilterName(auth)]: typedConfig(ProtoType.filterConfig, enable) };
}

/** The authorization setups the routes of a virtual host use, each once. */
export function externalAuthsOf(vhost: VirtualHost): ExternalAuth[] {
  const found = new Set<ExternalAuth>();
  for (const route of vhost.routes as readonly HTTPRoute[]) if (route.externalAuth) found.add(route.externalAuth);
  return [...found];
}

/**
 * Listener filters (GEP-5224): a listener's pre-routing ExternalAuth filters, each an instance of
 * its own named by listener and position (never shared, so each listener keeps its order), put
 * before every route-level filter of the connection manager. Disabled by default and enabled by
 * the listener's virtual hosts (listenerFilterVirtualHostConfig): plain HTTP listeners of a port
 * share one connection manager, told apart by Host only. After an allowing check the route is
 * chosen again (clear_route_cache), so headers the service added can choose it; Host and
 * :authority chose the listener and stay as they are (a change the service asks for is ignored).
 */
export function listenerExtAuthzFilterName(listenerName: string, position: number): string {
  return `${FilterName.extAuthz}/listener/${listenerName}/${position}`;
}

/** Neither Host nor :authority may change; the rest of the request may (method, path, headers). */
const LISTENER_FILTER_MUTATION_RULES: NonNullable<ExtAuthz['decoder_header_mutation_rules']> = {
  allow_all_routing: { value: true },
  disallow_expression: { regex: 'host|:authority' },
};

function listenerExtAuthzConfig(auth: ExternalAuth): ExtAuthz {
  return { ...extAuthzConfig(auth), clear_route_cache: true, decoder_header_mutation_rules: LISTENER_FILTER_MUTATION_RULES };
}

/** The listener filters of these listeners (by listener name, each in its own order), disabled until a virtual host enables them. */
export function listenerExtAuthzHttpFilters(listeners: readonly HTTPListener[]): HttpFilter[] {
  return [...listeners].sort(byName((l) => l.name)).flatMap((l) => (l.requestFilters ?? []).map((f, i) => ({
    name: listenerExtAuthzFilterName(l.name, i),
    typed_config: typedConfig(ProtoType.extAuthz, listenerExtAuthzConfig(f.externalAuth)),
    disabled: true,
  })));
}

/**
 * typed_per_filter_config of a virtual host of a listener with filters. Envoy decides which
 * disabled filters a request gets when it first picks a route, before any filter ran; the
 * listener's filters may then move the request to another route of the virtual host (never
 * another virtual host: Host stays). So the virtual host, not a route, enables the listener's
 * filters, and it also brings in the route-level checks its routes use, skipped unless the
 * route finally chosen enables its own (extAuthzPerFilterConfig overrides this per route).
 */
export function listenerFilterVirtualHostConfig(listener: HTTPListener, vhost: VirtualHost): Record<string, { '@type': string }> {
  const out: Record<string, { '@type': string }> = {};
  const run: FilterConfig = { config: typedConfig(ProtoType.extAuthzPerRoute, { check_settings: {} } satisfies ExtAuthzPerRoute) };
  (listener.requestFilters ?? []).forEach((_, i) => { out[listenerExtAuthzFilterName(listener.name, i)] = typedConfig(ProtoType.filterConfig, run); });
  const skip: FilterConfig = { config: typedConfig(ProtoType.extAuthzPerRoute, { disabled: true } satisfies ExtAuthzPerRoute) };
  for (const auth of externalAuthsOf(vhost)) out[extAuthzFilterName(auth)] = typedConfig(ProtoType.filterConfig, skip);
  return out;
}
