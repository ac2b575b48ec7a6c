/**
 * The IR of SecurityPolicy: who may send requests, at a listener or a route rule. Credentials
 * resolved from Secrets and ConfigMaps travel here (the xDS translator is pure and reads nothing).
 */
import type { PolicySource } from './types';
import type { OIDCSettings } from './security-oidc';

/** Where the proxies fetch a provider's JWKS: over HTTPS, validated against caCertificates or the system roots. */
export interface RemoteJWKSSettings {
  uri: string;
  host: string;
  port: number;
  /** PEM bundle; absent: the proxy host's system trust store. */
  caCertificates?: string;
  cacheDurationSeconds: number;
}

export interface JWTProviderSettings {
  name: string;
  issuer?: string;
  audiences: string[];
  remoteJWKS?: RemoteJWKSSettings;
  /** A JWKS document (public keys), from a Secret. */
  localJWKS?: string;
  claimToHeaders: { claim: string; header: string }[];
  /** Where the token is read; both empty: the Authorization header (Bearer). */
  headers: { name: string; valuePrefix?: string }[];
  params: string[];
}

export interface JWTSettings {
  providers: JWTProviderSettings[];
  /** A request without a token passes; one with an invalid token is refused. */
  optional: boolean;
}

export interface SecuritySettings {
  source: PolicySource;
  /** Names the settings at one target (a policy at one place): its requirement in the proxies. */
  id: string;
  jwt?: JWTSettings;
  oidc?: OIDCSettings;
}
