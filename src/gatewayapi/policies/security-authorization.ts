/**
 * SecurityPolicy spec.authorization: allow/deny rules by client address and JWT claim, checked
 * and resolved for the IR. A claim rule needs the policy's spec.jwt (the claims are those of the
 * token it verified).
 */
import type { Authorization, SecurityPolicySpec } from '../../apis/pier-security';
import type { AuthorizationRuleSettings, AuthorizationSettings, CIDRSettings } from '../../ir/security-access';
import { parseCidr } from './ratelimit-cidr';

export function authorizationSettings(spec: SecurityPolicySpec, problems: string[]): AuthorizationSettings | undefined {
  const authorization: Authorization | undefined = spec.authorization;
  if (!authorization) return undefined;
  const before = problems.length;
  const names = new Set<string>();
  const rules = (authorization.rules ?? []).map((rule, i): AuthorizationRuleSettings => {
    const at = `spec.authorization.rules[${i}]`;
    const name = rule.name ?? `rule-${i}`;
    if (names.has(name)) problems.push(`${at}.name ${name} is used twice`);
    names.add(name);
    const clientCIDRs: CIDRSettings[] = [];
    (rule.principal.clientCIDRs ?? []).forEach((cidr, j) => {
      const parsed = parseCidr(cidr);
      if (typeof parsed === 'string') problems.push(`${at}.principal.clientCIDRs[${j}]: ${parsed}`);
      else clientCIDRs.push({ address: parsed.address, prefixLength: parsed.prefixLength });
    });
    const claims = (rule.principal.jwt?.claims ?? []).map((c) => ({ path: c.name.split('.'), values: [...c.values] }));
    if (rule.principal.jwt?.claims.some((c) => c.name.split('.').some((segment) => segment === ''))) problems.push(`${at}.principal.jwt.claims: a claim name has an empty segment`);
    if (rule.principal.jwt && !spec.jwt) problems.push(`${at}.principal.jwt needs spec.jwt (the claims are those of the token it verifies)`);
    if (clientCIDRs.length === 0 && claims.length === 0 && problems.length === before) problems.push(`${at}.principal must set clientCIDRs or jwt`);
    return { name, action: rule.action, clientCIDRs, claims };
  });
  if (problems.length > before) return undefined;
  return { rules, defaultAction: authorization.defaultAction ?? 'Deny' };
}
