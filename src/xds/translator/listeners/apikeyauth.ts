/**
 * API keys (SecurityPolicy spec.apiKeyAuth) as Envoy's api_key_auth HTTP filter (Envoy 1.32+;
 * Envoy marks its API work in progress). Everything is per route in that filter (keys, where
 * they are read, forwarding), so one instance per connection manager, disabled by default, is
 * enabled by a virtual host (listener settings) or route (its own) with its settings. The key is
 * removed from the request before it reaches the backend (hide_credentials); the client id may
 * be forwarded in a header. The keys are credentials: inline to the proxies only (the filter has
 * no SDS form), redacted everywhere else (src/security/redact.ts).
 */
import type { APIKeyAuthSettings } from '../../../ir/security-access';
import type { ApiKeyAuth } from '../../../generated/envoy/extensions/filters/http/api_key_auth/v3/ApiKeyAuth';
import type { ApiKeyAuthPerRoute } from '../../../generated/envoy/extensions/filters/http/api_key_auth/v3/ApiKeyAuthPerRoute';
import type { FilterConfig } from '../../../generated/envoy/config/route/v3/FilterConfig';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';

/** The connection manager's api_key_auth filter, disabled until a virtual host or route enables it. */
export function apiKeyAuthFilter(): HttpFilter {
  return { name: FilterName.apiKeyAuth, typed_config: typedConfig<ApiKeyAuth>(ProtoType.apiKeyAuth, {}), disabled: true };
}

/** The per-route (or per-virtual-host) entry enabling the filter with the settings' keys. */
export function apiKeyAuthPerFilterConfig(settings: APIKeyAuthSettings): Record<string, { '@type': string }> {
  const perRoute: ApiKeyAuthPerRoute = {
    credentials: settings.credentials.map((c) => ({ key: c.key, client: c.client })),
    key_sources: settings.sources.map((s) => ({ ...s })),
    forwarding: { hide_credentials: true, ...(settings.forwardClientIDHeader === undefined ? {} : { header: settings.forwardClientIDHeader }) },
  };
  const enable: FilterConfig = { config: typedConfig<ApiKeyAuthPerRoute>(ProtoType.apiKeyAuthPerRoute, perRoute) };
  return { [FilterName.apiKeyAuth]: typedConfig<FilterConfig>(ProtoType.filterConfig, enable) };
}
