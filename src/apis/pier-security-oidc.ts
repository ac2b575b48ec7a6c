/**
 * SecurityPolicy spec.oidc (gateway.pier.dev/v1alpha1): OpenID Connect login with the
 * authorization code flow, run by the proxies (Envoy's oauth2 filter). Field names as in
 * crds/pier/gateway.pier.dev_securitypolicies.yaml.
 */
import type { SecurityObjectReference } from './pier-security';

/**
 * The OpenID Provider's endpoints, as its discovery document (/.well-known/openid-configuration)
 * lists them. Pier does no discovery: its translators read no network, so the user copies them.
 */
export interface OIDCProvider {
  /** Where browsers are sent to log in (http or https). */
  authorizationEndpoint: string;
  /** Where the proxies trade the code for tokens, with the client secret: https only. */
  tokenEndpoint: string;
  /** RP-initiated logout: the proxies send the browser here after clearing their cookies (absent: nowhere). */
  endSessionEndpoint?: string;
  /** CA bundle the token endpoint's certificate must chain to (absent: the proxy's system roots). */
  caCertificateRef?: SecurityObjectReference;
}

/** Cookie names (absent: Envoy's names with a suffix of the policy, so two policies do not share sessions). */
export interface OIDCCookieNames {
  accessToken?: string;
  idToken?: string;
}

export interface OIDCAuthentication {
  provider: OIDCProvider;
  clientID: string;
  /** The client secret: a Secret of the policy's namespace, key `client-secret` unless given. */
  clientSecretRef: { name: string; key?: string };
  /** How the proxies authenticate to the token endpoint (default ClientSecretBasic). */
  clientAuthentication?: 'ClientSecretBasic' | 'ClientSecretPost';
  /** Absolute URL the provider sends the browser back to (absent: <scheme>://<request host>/oauth2/callback). */
  redirectURL?: string;
  /** Requests to this path end the session (default /logout). */
  logoutPath?: string;
  /** Scopes asked for; openid is always asked for (default [openid]). */
  scopes?: string[];
  /** Resource indicators (RFC 8707) sent to the provider. */
  resources?: string[];
  cookieNames?: OIDCCookieNames;
  /** Domain of the session cookies (absent: the request's host only). */
  cookieDomain?: string;
  /** The access token reaches the backend as Authorization: Bearer. */
  forwardAccessToken?: boolean;
  /** The ID token reaches the backend in this header. */
  forwardIDTokenHeader?: string;
  /** Refresh the tokens with the refresh token when they expire (default true). */
  refreshToken?: boolean;
}
