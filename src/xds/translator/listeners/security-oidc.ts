/**
 * OpenID Connect login (SecurityPolicy spec.oidc) as Envoy's oauth2 HTTP filter.
 *
 * One filter per connection manager, with no config of its own: each virtual host (a listener's
 * settings) and route (a rule's) that has OIDC settings carries the whole login config as its
 * per-route config (OAuth2PerRoute), the most specific one winning, as Envoy resolves it. A route
 * whose own policy has no OIDC disables the filter (security-filters.ts withRouteOverrides): the
 * listener's login does not apply there (the most specific policy applies whole). Without either,
 * the filter does nothing.
 *
 * The client secret and the HMAC key go to the proxies as SDS generic secrets, never inline, so
 * the listeners and routes (admin output, config dumps) hold only their names. The token endpoint
 * is reached through a cluster of its own per host, port and CA bundle, like a JWKS server.
 */
import type { HTTPListener, XdsIR } from '../../../ir/types';
import type { SecuritySettings } from '../../../ir/security';
import type { OIDCSettings } from '../../../ir/security-oidc';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { OAuth2 } from '../../../generated/envoy/extensions/filters/http/oauth2/v3/OAuth2';
import type { OAuth2Config } from '../../../generated/envoy/extensions/filters/http/oauth2/v3/OAuth2Config';
import type { OAuth2PerRoute } from '../../../generated/envoy/extensions/filters/http/oauth2/v3/OAuth2PerRoute';
import { typedConfig, type Cluster, type Secret } from '../../types';
import { FilterName, ProtoType } from '../names';
import { adsConfigSource } from '../common';
import { httpsServerCluster, jwksClusterName } from './jwtauthn';
import { routesWithPolicies } from './route-policies';

/** How long the proxy waits for the token endpoint. */
const TOKEN_FETCH_TIMEOUT_SECONDS = 5;

export function oidcClientSecretName(oidc: OIDCSettings): string {
  return `pier/oidc/${oidc.secretsName}/client-secret`;
}

export function oidcHmacSecretName(oidc: OIDCSettings): string {
  return `pier/oidc/${oidc.secretsName}/hmac`;
}

export function oidcClusterName(oidc: OIDCSettings): string {
  return jwksClusterName(oidc.tokenEndpoint, 'oidc');
}

function oauth2Config(oidc: OIDCSettings): OAuth2Config {
  const names = oidc.cookieNames;
  const out: OAuth2Config = {
    token_endpoint: { uri: oidc.tokenEndpoint.uri, cluster: oidcClusterName(oidc), timeout: { seconds: String(TOKEN_FETCH_TIMEOUT_SECONDS) } },
    authorization_endpoint: oidc.authorizationEndpoint,
    credentials: {
      client_id: oidc.clientID,
      token_secret: { name: oidcClientSecretName(oidc), sds_config: adsConfigSource() },
      hmac_secret: { name: oidcHmacSecretName(oidc), sds_config: adsConfigSource() },
      cookie_names: {
        bearer_token: names.accessToken, id_token: names.idToken, oauth_hmac: names.hmac, oauth_expires: names.expires,
        refresh_token: names.refreshToken, oauth_nonce: names.nonce, code_verifier: names.codeVerifier,
      },
      ...(oidc.cookieDomain !== undefined ? { cookie_domain: oidc.cookieDomain } : {}),
    },
    redirect_uri: oidc.redirectURL,
    redirect_path_matcher: { path: { exact: oidc.redirectPath } },
    signout_path: { path: { exact: oidc.logoutPath } },
    forward_bearer_token: oidc.forwardAccessToken,
    auth_scopes: oidc.scopes,
    auth_type: oidc.clientAuthentication === 'ClientSecretBasic' ? 'BASIC_AUTH' : 'URL_ENCODED_BODY',
    use_refresh_token: { value: oidc.refreshToken },
    stat_prefix: oidc.secretsName.replace(/[^A-Za-z0-9_-]/g, '_'),
  };
  if (oidc.resources.length > 0) out.resources = oidc.resources;
  if (oidc.endSessionEndpoint !== undefined) out.end_session_endpoint = oidc.endSessionEndpoint;
  if (oidc.forwardIDTokenHeader !== undefined) out.forward_id_token = { header: oidc.forwardIDTokenHeader };
  return out;
}

/** Every OIDC settings of the listeners and their routes. */
function oidcOf(listeners: readonly HTTPListener[]): OIDCSettings[] {
  const out: OIDCSettings[] = [];
  for (const l of listeners) {
    if (l.policies?.security?.oidc) out.push(l.policies.security.oidc);
    for (const vh of l.virtualHosts) for (const r of routesWithPolicies(vh)) if (r.policies?.security?.oidc) out.push(r.policies.security.oidc);
  }
  return out;
}

/** The oauth2 filter for a connection manager serving these listeners; undefined when none of them logs users in. */
export function oauth2Filter(listeners: readonly HTTPListener[]): HttpFilter | undefined {
  if (oidcOf(listeners).length === 0) return undefined;
  return { name: FilterName.oauth2, typed_config: typedConfig<OAuth2>(ProtoType.oauth2, {}) };
}

/** The per-route (or per-virtual-host) oauth2 config of security settings: their login; undefined without one. */
export function oauth2PerFilterConfig(settings: SecuritySettings | undefined): Record<string, { '@type': string }> | undefined {
  if (!settings?.oidc) return undefined;
  return { [FilterName.oauth2]: typedConfig<OAuth2PerRoute>(ProtoType.oauth2PerRoute, { config: oauth2Config(settings.oidc) }) };
}

/** The clusters of the token endpoints the IR's logins call, sorted by name. */
export function oidcClusters(ir: XdsIR): Cluster[] {
  const byName = new Map(oidcOf(ir.http).map((o) => [oidcClusterName(o), o.tokenEndpoint]));
  return [...byName.keys()].sort().map((name) => httpsServerCluster(name, byName.get(name)!));
}

/** The client secrets and HMAC keys of the IR's logins, as SDS generic secrets. */
export function oidcSecrets(ir: XdsIR): Secret[] {
  const byName = new Map<string, Secret>();
  for (const oidc of oidcOf(ir.http)) {
    byName.set(oidcClientSecretName(oidc), { name: oidcClientSecretName(oidc), generic_secret: { secret: { inline_string: oidc.clientSecret } } });
    byName.set(oidcHmacSecretName(oidc), { name: oidcHmacSecretName(oidc), generic_secret: { secret: { inline_string: oidc.hmacSecret } } });
  }
  return [...byName.values()];
}
