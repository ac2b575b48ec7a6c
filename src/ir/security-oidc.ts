/**
 * The IR of SecurityPolicy spec.oidc: an OpenID Connect login (authorization code flow) the
 * proxies run. The client secret and the HMAC key travel here, resolved (the xDS translator is
 * pure); everything that prints the IR redacts them (src/security/redact.ts).
 */

/** The token endpoint, reached by the proxies over HTTPS (validated against caCertificates or the system roots). */
export interface OIDCTokenEndpoint {
  uri: string;
  host: string;
  port: number;
  /** PEM bundle; absent: the proxy host's system trust store. */
  caCertificates?: string;
}

export interface OIDCCookieNameSettings {
  accessToken: string;
  idToken: string;
  hmac: string;
  expires: string;
  refreshToken: string;
  nonce: string;
  codeVerifier: string;
}

export interface OIDCSettings {
  authorizationEndpoint: string;
  tokenEndpoint: OIDCTokenEndpoint;
  endSessionEndpoint?: string;
  clientID: string;
  /** From the policy's Secret. Never printed. */
  clientSecret: string;
  /** Signs (and keys the encryption of) the session cookies: derived from the client secret and the policy's name. Never printed. */
  hmacSecret: string;
  clientAuthentication: 'ClientSecretBasic' | 'ClientSecretPost';
  /** Absolute URL, or Envoy's request formatters for the request's scheme and host. */
  redirectURL: string;
  /** The path of redirectURL: requests to it are the provider's answers. */
  redirectPath: string;
  logoutPath: string;
  scopes: string[];
  resources: string[];
  cookieNames: OIDCCookieNameSettings;
  cookieDomain?: string;
  forwardAccessToken: boolean;
  forwardIDTokenHeader?: string;
  refreshToken: boolean;
  /** Names the proxies' secrets of this login (SDS): "<policy namespace>/<policy name>". */
  secretsName: string;
}
