/**
 * JWT authentication (SecurityPolicy spec.jwt) as Envoy's jwt_authn HTTP filter.
 *
 * One filter per connection manager lists every provider of the settings its listeners and
 * routes use (keyed "<policy namespace>/<policy name>/<provider>", so a policy placed at several
 * targets lists its providers once) and one requirement per settings id. A route with settings
 * of its own names its requirement in its per-route config; a listener's settings are named on
 * its virtual hosts, which Envoy uses for the routes without their own (most specific wins). A
 * route with neither has no requirement: the filter lets its requests through untouched. A route
 * whose own policy has no JWT (an OIDC login, basic auth...) turns the filter off there
 * (security-filters.ts withRouteOverrides): the listener's requirement does not apply to it.
 *
 * Remote JWKS are fetched by the proxies over HTTPS through a cluster of their own per server
 * and CA bundle (jwksClusterName), validated against the policy's CA bundle or the system roots,
 * with the server's hostname as SNI and as the name its certificate must carry.
 */
import { createHash } from 'node:crypto';
import type { HTTPListener, XdsIR } from '../../../ir/types';
import type { JWTProviderSettings, RemoteJWKSSettings, SecuritySettings } from '../../../ir/security';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { JwtAuthentication } from '../../../generated/envoy/extensions/filters/http/jwt_authn/v3/JwtAuthentication';
import type { JwtProvider } from '../../../generated/envoy/extensions/filters/http/jwt_authn/v3/JwtProvider';
import type { JwtRequirement } from '../../../generated/envoy/extensions/filters/http/jwt_authn/v3/JwtRequirement';
import type { PerRouteConfig } from '../../../generated/envoy/extensions/filters/http/jwt_authn/v3/PerRouteConfig';
import type { UpstreamTlsContext } from '../../../generated/envoy/extensions/transport_sockets/tls/v3/UpstreamTlsContext';
import { isIP } from 'node:net';
import { typedConfig, type Cluster } from '../../types';
import { FilterName, ProtoType } from '../names';
import { dnsCluster } from '../clusters/cluster';
import { lbEndpoint, loadAssignment, singleLocality } from '../endpoints/endpoint';
import { SYSTEM_TRUST_STORE_PATH } from '../clusters/upstreamtls';
import { JWT_PAYLOAD_METADATA_KEY, usesJwtClaims } from './rbac';
import { routesWithPolicies } from './route-policies';

/** How long the proxy waits for a JWKS server. */
const JWKS_FETCH_TIMEOUT_SECONDS = 5;

/** A server the proxies call over HTTPS themselves (a JWKS server, an OIDC token endpoint). */
export type HttpsServer = Pick<RemoteJWKSSettings, 'host' | 'port' | 'caCertificates'>;

/**
 * "pier/<purpose>/<host>:<port>/<CA hash or system>" ("pier/jwks/...", "pier/oidc/..."): one
 * cluster per server and trust (two-segment "pier/" names are no backend's).
 */
export function jwksClusterName(jwks: HttpsServer, purpose = 'jwks'): string {
  const trust = jwks.caCertificates === undefined ? 'system' : createHash('sha256').update(jwks.caCertificates).digest('hex').slice(0, 16);
  const host = isIP(jwks.host) === 6 ? `[${jwks.host}]` : jwks.host;
  return `pier/${purpose}/${host}:${jwks.port}/${trust}`;
}

function providerKey(settings: SecuritySettings, provider: JWTProviderSettings): string {
  return `${settings.source.namespace}/${settings.source.name}/${provider.name}`;
}

function jwtProvider(provider: JWTProviderSettings): JwtProvider {
  const out: JwtProvider = {};
  if (provider.issuer !== undefined) out.issuer = provider.issuer;
  if (provider.audiences.length > 0) out.audiences = provider.audiences;
  if (provider.remoteJWKS) {
    out.remote_jwks = {
      http_uri: { uri: provider.remoteJWKS.uri, cluster: jwksClusterName(provider.remoteJWKS), timeout: { seconds: String(JWKS_FETCH_TIMEOUT_SECONDS) } },
      cache_duration: { seconds: String(provider.remoteJWKS.cacheDurationSeconds) },
      // Fetched when the listener starts (and again when the cache expires), not by the first request.
      async_fetch: {},
    };
  } else if (provider.localJWKS !== undefined) {
    out.local_jwks = { inline_string: provider.localJWKS };
  }
  if (provider.headers.length > 0) out.from_headers = provider.headers.map((h) => ({ name: h.name, value_prefix: h.valuePrefix ?? '' }));
  if (provider.params.length > 0) out.from_params = provider.params;
  if (provider.claimToHeaders.length > 0) out.claim_to_headers = provider.claimToHeaders.map((c) => ({ header_name: c.header, claim_name: c.claim }));
  return out;
}

function requirement(settings: SecuritySettings): JwtRequirement {
  const jwt = settings.jwt!;
  const any: JwtRequirement[] = jwt.providers.map((p) => ({ provider_name: providerKey(settings, p) }));
  // allow_missing: no token at all passes, a token that does not verify is refused.
  if (jwt.optional) any.push({ allow_missing: {} });
  return any.length === 1 ? any[0]! : { requires_any: { requirements: any } };
}

/** Every distinct security setting with JWT of the listeners and their routes, by id. */
function jwtSettingsOf(listeners: readonly HTTPListener[]): SecuritySettings[] {
  const byId = new Map<string, SecuritySettings>();
  const add = (s: SecuritySettings | undefined): void => {
    if (s?.jwt && !byId.has(s.id)) byId.set(s.id, s);
  };
  for (const l of listeners) {
    add(l.policies?.security);
    for (const vh of l.virtualHosts) for (const r of routesWithPolicies(vh)) add(r.policies?.security);
  }
  return [...byId.keys()].sort().map((id) => byId.get(id)!);
}

/** The jwt_authn filter for a connection manager serving these listeners; undefined when none of them asks for JWTs. */
export function jwtAuthnFilter(listeners: readonly HTTPListener[]): HttpFilter | undefined {
  const all = jwtSettingsOf(listeners);
  if (all.length === 0) return undefined;
  const providers: Record<string, JwtProvider> = {};
  const requirements: Record<string, JwtRequirement> = {};
  for (const settings of all) {
    // Authorization rules on claims read the verified payload from the filter's metadata.
    const payload = usesJwtClaims(settings.authorization) ? { payload_in_metadata: JWT_PAYLOAD_METADATA_KEY } : {};
    for (const p of settings.jwt!.providers) providers[providerKey(settings, p)] ??= { ...jwtProvider(p), ...payload };
    requirements[settings.id] = requirement(settings);
  }
  const config: JwtAuthentication = { providers: sortedRecord(providers), requirement_map: sortedRecord(requirements) };
  return { name: FilterName.jwtAuthn, typed_config: typedConfig<JwtAuthentication>(ProtoType.jwtAuthn, config) };
}

function sortedRecord<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.keys(record).sort().map((k) => [k, record[k]!]));
}

/** The per-route (or per-virtual-host) config naming the settings' requirement; undefined without JWT settings. */
export function jwtPerFilterConfig(settings: SecuritySettings | undefined): Record<string, { '@type': string }> | undefined {
  if (!settings?.jwt) return undefined;
  return { [FilterName.jwtAuthn]: typedConfig<PerRouteConfig>(ProtoType.jwtAuthnPerRoute, { requirement_name: settings.id }) };
}

/** Every remote JWKS of the IR, by cluster name. */
function remoteJWKSOf(ir: XdsIR): Map<string, RemoteJWKSSettings> {
  const out = new Map<string, RemoteJWKSSettings>();
  const add = (s: SecuritySettings | undefined): void => {
    for (const p of s?.jwt?.providers ?? []) if (p.remoteJWKS) out.set(jwksClusterName(p.remoteJWKS), p.remoteJWKS);
  };
  for (const l of ir.http) {
    add(l.policies?.security);
    for (const vh of l.virtualHosts) for (const r of routesWithPolicies(vh)) add(r.policies?.security);
  }
  return out;
}

/** A cluster reaching one HTTPS server, its certificate validated against the CA bundle (or the system roots) and its host name. */
export function httpsServerCluster(name: string, jwks: HttpsServer): Cluster {
  const tls: UpstreamTlsContext = {
    sni: jwks.host,
    common_tls_context: {
      validation_context: {
        trusted_ca: jwks.caCertificates === undefined ? { filename: SYSTEM_TRUST_STORE_PATH } : { inline_string: jwks.caCertificates },
        match_typed_subject_alt_names: [{ san_type: isIP(jwks.host) ? 'IP_ADDRESS' : 'DNS', matcher: { exact: jwks.host } }],
      },
    },
  };
  return Object.assign(dnsCluster(name), {
    load_assignment: loadAssignment(name, singleLocality([lbEndpoint(jwks.host, jwks.port)])),
    transport_socket: { name: FilterName.tlsTransportSocket, typed_config: typedConfig(ProtoType.upstreamTlsContext, tls) },
  });
}

/** The clusters of the JWKS servers the IR's providers fetch from, sorted by name. */
export function jwksClusters(ir: XdsIR): Cluster[] {
  const all = remoteJWKSOf(ir);
  return [...all.keys()].sort().map((name) => httpsServerCluster(name, all.get(name)!));
}
