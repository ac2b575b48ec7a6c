/**
 * SecurityPolicy (gateway.pier.dev/v1alpha1): who may send requests through a Gateway, listener,
 * route or rule. Field names as in crds/pier/gateway.pier.dev_securitypolicies.yaml.
 */
import type { LocalPolicyTargetReferenceWithSectionName, PolicyStatus } from './gateway';
import type { KubeObject } from './meta';
import type { OIDCAuthentication } from './pier-security-oidc';

/** A Secret or ConfigMap in the policy's namespace, and the key holding the value. */
export interface SecurityObjectReference {
  kind?: 'Secret' | 'ConfigMap';
  name: string;
  key?: string;
}

/** A JWKS fetched over HTTPS by the proxies. */
export interface RemoteJWKS {
  /** https://host[:port]/path */
  uri: string;
  /** CA bundle (PEM) the JWKS server's certificate must chain to; absent: the proxy's system roots. */
  caCertificateRef?: SecurityObjectReference;
  /** How long the proxies keep the JWKS, in seconds (default 300). */
  cacheDurationSeconds?: number;
}

/** Where the token is read from (absent: the Authorization header with the Bearer prefix). */
export interface JWTExtractor {
  headers?: { name: string; valuePrefix?: string }[];
  params?: string[];
}

export interface JWTProvider {
  name: string;
  issuer?: string;
  audiences?: string[];
  remoteJWKS?: RemoteJWKS;
  /** A JWKS (JSON) in a Secret of the policy's namespace (key `jwks` by default). */
  localJWKS?: { secretRef: { name: string; key?: string } };
  /** Claims copied to request headers for the backend (top-level claims; nested with dots). */
  claimToHeaders?: { claim: string; header: string }[];
  extractFrom?: JWTExtractor;
}

export interface JWTAuthentication {
  /** A request must carry a valid token of one of these providers. */
  providers: JWTProvider[];
  /** A request without any token is let through; a request with an invalid token is still refused. */
  optional?: boolean;
}

export interface SecurityPolicySpec {
  targetRefs: LocalPolicyTargetReferenceWithSectionName[];
  jwt?: JWTAuthentication;
  /** OpenID Connect login (authorization code flow) run by Envoy's oauth2 filter. */
  oidc?: OIDCAuthentication;
  /** HTTP basic authentication against an htpasswd Secret. */
  basicAuth?: BasicAuth;
  /** API keys (client id -> key) from Secrets. */
  apiKeyAuth?: APIKeyAuth;
  /** Allow or deny requests by client address and JWT claims (after authentication). */
  authorization?: Authorization;
}

export interface BasicAuth {
  /** A Secret of the policy's namespace whose key (".htpasswd" by default) holds htpasswd lines "user:{SHA}<base64>". */
  users: { name: string; key?: string };
  /** A request header the authenticated username is forwarded in. */
  forwardUsernameHeader?: string;
}

/** Where an API key is read from: the first of these a request carries is used. */
export interface APIKeyExtractor {
  headers?: string[];
  params?: string[];
  cookies?: string[];
}

export interface APIKeyAuth {
  /** Secrets of the policy's namespace: each data key is a client id, its value that client's API key. */
  credentialRefs: { name: string }[];
  extractFrom: APIKeyExtractor[];
  /** A request header the authenticated client id is forwarded in. */
  forwardClientIDHeader?: string;
}

export type AuthorizationAction = 'Allow' | 'Deny';

export interface JWTClaimMatch {
  /** The claim's name; nested claims with dots ("realm.role"). */
  name: string;
  /** The claim (a string, or a list of strings) must equal, or hold, one of these. */
  values: string[];
}

/** Who a rule is about: every field set must match (CIDRs: any of them; claims: all of them). */
export interface AuthorizationPrincipal {
  clientCIDRs?: string[];
  jwt?: { claims: JWTClaimMatch[] };
}

export interface AuthorizationRule {
  name?: string;
  action: AuthorizationAction;
  principal: AuthorizationPrincipal;
}

export interface Authorization {
  /** The first rule (in order) whose principal matches decides. */
  rules?: AuthorizationRule[];
  /** When no rule matches (default Deny). */
  defaultAction?: AuthorizationAction;
}

export interface SecurityPolicy extends KubeObject {
  apiVersion: 'gateway.pier.dev/v1alpha1';
  kind: 'SecurityPolicy';
  spec: SecurityPolicySpec;
  status?: PolicyStatus;
}
