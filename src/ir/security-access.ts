/**
 * The IR of SecurityPolicy's basic auth, API keys and authorization. The htpasswd lines and API
 * keys are credentials from Secrets: they travel here because the xDS translator is pure, and
 * every output but the proxies' own configuration shows them redacted (src/security/redact.ts).
 */

export interface BasicAuthSettings {
  /** htpasswd lines "user:{SHA}<base64>", one per line (a credential: redacted outside xDS to the proxies). */
  htpasswd: string;
  /** Lower-case header name. */
  forwardUsernameHeader?: string;
}

export interface APIKeyCredential {
  client: string;
  /** The key (a credential: redacted outside xDS to the proxies). */
  key: string;
}

export interface APIKeySource {
  header?: string;
  query?: string;
  cookie?: string;
}

export interface APIKeyAuthSettings {
  /** Sorted by client id. */
  credentials: APIKeyCredential[];
  /** In the policy's order: the first a request carries is read. */
  sources: APIKeySource[];
  /** Lower-case header name. */
  forwardClientIDHeader?: string;
}

export interface CIDRSettings {
  address: string;
  prefixLength: number;
}

export interface ClaimMatchSettings {
  /** Path in the verified token's payload (a nested claim has several segments). */
  path: string[];
  values: string[];
}

export interface AuthorizationRuleSettings {
  /** The rule's name, or "rule-<index>". */
  name: string;
  action: 'Allow' | 'Deny';
  /** Any of these, when set (empty: any client address). */
  clientCIDRs: CIDRSettings[];
  /** All of these, when set. */
  claims: ClaimMatchSettings[];
}

export interface AuthorizationSettings {
  rules: AuthorizationRuleSettings[];
  defaultAction: 'Allow' | 'Deny';
}
