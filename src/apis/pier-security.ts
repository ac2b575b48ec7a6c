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
  oidc?: OIDCAuthentication;
}

export interface SecurityPolicy extends KubeObject {
  apiVersion: 'gateway.pier.dev/v1alpha1';
  kind: 'SecurityPolicy';
  spec: SecurityPolicySpec;
  status?: PolicyStatus;
}
