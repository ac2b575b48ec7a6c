/**
 * SecurityPolicy spec.authorization as Envoy's RBAC HTTP filter (after the authentication
 * filters, so JWT claims are known).
 *
 * The policy's rules are ordered, first match decides, each Allow or Deny, then defaultAction.
 * Envoy's RBAC has one action per configuration and an unordered set of policies, so the order
 * is compiled in: with action ALLOW, an Allow rule becomes the policy "it matches and no earlier
 * Deny rule does", and a default Allow becomes "no Deny rule matches"; a request no policy
 * matches is refused (403).
 *
 * Client addresses are matched against remote_ip: the client address Envoy settled on (the
 * connection's peer, or the one taken from X-Forwarded-For / a custom header when a ClientPolicy
 * sets client IP detection). Claims are read from the verified token's payload, which jwt_authn
 * stores in its dynamic metadata under JWT_PAYLOAD_METADATA_KEY; a claim may be a string (equal
 * to one of the values) or a list of strings (holding one of them).
 *
 * One filter per connection manager, disabled by default; a virtual host (listener settings) or
 * route (its own) enables it with its rules.
 */
import type { AuthorizationRuleSettings, AuthorizationSettings, ClaimMatchSettings } from '../../../ir/security-access';
import type { Principal } from '../../../generated/envoy/config/rbac/v3/Principal';
import type { Policy } from '../../../generated/envoy/config/rbac/v3/Policy';
import type { RBAC } from '../../../generated/envoy/extensions/filters/http/rbac/v3/RBAC';
import type { RBACPerRoute } from '../../../generated/envoy/extensions/filters/http/rbac/v3/RBACPerRoute';
import type { HttpFilter } from '../../../generated/envoy/extensions/filters/network/http_connection_manager/v3/HttpFilter';
import type { MetadataMatcher } from '../../../generated/envoy/type/matcher/v3/MetadataMatcher';
import { typedConfig } from '../../types';
import { FilterName, ProtoType } from '../names';

/** Where jwt_authn puts a verified token's payload (its payload_in_metadata), for claim rules. */
export const JWT_PAYLOAD_METADATA_KEY = 'pier_jwt_payload';

/** Whether settings match on JWT claims (their providers must then put the payload in metadata). */
export function usesJwtClaims(authorization: AuthorizationSettings | undefined): boolean {
  return authorization?.rules.some((r) => r.claims.length > 0) ?? false;
}

const all = (ids: Principal[]): Principal => (ids.length === 1 ? ids[0]! : { and_ids: { ids } });
const any = (ids: Principal[]): Principal => (ids.length === 1 ? ids[0]! : { or_ids: { ids } });

function claimPrincipal(claim: ClaimMatchSettings): Principal {
  const path = [JWT_PAYLOAD_METADATA_KEY, ...claim.path].map((key) => ({ key }));
  const matchers: MetadataMatcher[] = claim.values.flatMap((exact) => [
    { filter: FilterName.jwtAuthn, path, value: { string_match: { exact } } },
    { filter: FilterName.jwtAuthn, path, value: { list_match: { one_of: { string_match: { exact } } } } },
  ]);
  return any(matchers.map((metadata) => ({ metadata })));
}

function rulePrincipal(rule: AuthorizationRuleSettings): Principal {
  const parts: Principal[] = [];
  if (rule.clientCIDRs.length > 0) parts.push(any(rule.clientCIDRs.map((c) => ({ remote_ip: { address_prefix: c.address, prefix_len: { value: c.prefixLength } } }))));
  for (const claim of rule.claims) parts.push(claimPrincipal(claim));
  return all(parts);
}

/** The ALLOW policies equivalent to the ordered rules (see the module comment), keyed "<position>-<rule name>". */
function allowPolicies(authorization: AuthorizationSettings): Record<string, Policy> {
  const policies: Record<string, Policy> = {};
  const denies: Principal[] = [];
  const width = String(authorization.rules.length).length;
  authorization.rules.forEach((rule, i) => {
    const principal = rulePrincipal(rule);
    if (rule.action === 'Deny') return void denies.push(principal);
    const allowed = denies.length === 0 ? principal : all([principal, { not_id: any(denies) }]);
    policies[`${String(i).padStart(width, '0')}-${rule.name}`] = { permissions: [{ any: true }], principals: [allowed] };
  });
  if (authorization.defaultAction === 'Allow') {
    // "~" sorts after the digits: the map reads in rule order.
    policies['~default'] = { permissions: [{ any: true }], principals: [denies.length === 0 ? { any: true } : { not_id: any(denies) }] };
  }
  return policies;
}

export function rbacConfig(authorization: AuthorizationSettings): RBAC {
  return { rules: { action: 'ALLOW', policies: allowPolicies(authorization) } };
}

/** The connection manager's RBAC filter, disabled until a virtual host or route enables it. */
export function rbacFilter(): HttpFilter {
  return { name: FilterName.rbac, typed_config: typedConfig<RBAC>(ProtoType.rbac, {}), disabled: true };
}

/** The per-route (or per-virtual-host) entry enabling the filter with the settings' rules. */
export function rbacPerFilterConfig(authorization: AuthorizationSettings): Record<string, { '@type': string }> {
  return { [FilterName.rbac]: typedConfig<RBACPerRoute>(ProtoType.rbacPerRoute, { rbac: rbacConfig(authorization) }) };
}
