/**
 * IR CORS policies as Envoy's CORS filter configuration: the envoy.filters.http.cors filter
 * sits in the connection manager before the router (only where some route uses it), and each
 * route carries its CorsPolicy as per-filter config. The filter answers preflights itself and
 * adds the Access-Control-* headers to the answers of actual requests.
 */
import type { CORSPolicy } from '../../../ir/types';
import type { CorsPolicy } from '../../../generated/envoy/extensions/filters/http/cors/v3/CorsPolicy';
import type { Cors } from '../../../generated/envoy/extensions/filters/http/cors/v3/Cors';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { StringMatcher } from '../../../generated/envoy/type/matcher/v3/StringMatcher';
import { typedConfig } from '../../types';
import { quoteRegex } from './match';
import { FilterName, ProtoType } from '../names';

/** The connection manager's CORS filter; it does nothing on routes without a policy. */
export function corsHttpFilter(): HttpFilter {
  return { name: FilterName.cors, typed_config: typedConfig<Cors>(ProtoType.cors, {}) };
}

const DNS_LABELS = '[a-zA-Z0-9.-]*';

/**
 * An allowed origin as a matcher: "*" alone is any origin; a "*" in the host matches any
 * number of DNS labels (dots included), so "https://*.example.com" becomes the regex
 * "https://[a-zA-Z0-9.-]*\.example\.com" (Envoy's regexes match the whole value).
 */
export function originMatcher(origin: string): StringMatcher {
  if (origin === '*') return { safe_regex: { regex: '.*' } };
  if (!origin.includes('*')) return { exact: origin };
  return { safe_regex: { regex: origin.split('*').map(quoteRegex).join(DNS_LABELS) } };
}

/**
 * "*" lists go to Envoy as "*": Envoy answers a preflight with the requested method and headers
 * for them, never a literal "*", which is what Gateway API asks for when credentials are allowed
 * (and allows otherwise). Envoy always echoes an allowed Origin, likewise.
 */
export function corsPolicy(policy: CORSPolicy): CorsPolicy {
  const out: CorsPolicy = { allow_origin_string_match: policy.allowOrigins.map(originMatcher) };
  if (policy.allowMethods.length > 0) out.allow_methods = policy.allowMethods.join(', ');
  if (policy.allowHeaders.length > 0) out.allow_headers = policy.allowHeaders.join(', ');
  // Envoy would send an exposed "*" literally, which Gateway API forbids with credentials; then
  // only the safelisted response headers (and any others listed) are exposed.
  const expose = policy.allowCredentials ? policy.exposeHeaders.filter((h) => h !== '*') : policy.exposeHeaders;
  if (expose.length > 0) out.expose_headers = expose.join(', ');
  out.max_age = String(policy.maxAgeSeconds);
  if (policy.allowCredentials) out.allow_credentials = { value: true };
  // A preflight from an origin that is not allowed is answered by Envoy itself, without
  // Access-Control-Allow-Origin: the browser refuses it, and the backend never sees it.
  out.forward_not_matching_preflights = { value: false };
  return out;
}

/** The route's typed_per_filter_config entry. */
export function corsPerFilterConfig(policy: CORSPolicy): Record<string, { '@type': string }> {
  return { [FilterName.cors]: typedConfig(ProtoType.corsPolicy, corsPolicy(policy)) };
}
