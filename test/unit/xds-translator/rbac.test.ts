/**
 * The ordered allow/deny rules compiled into one ALLOW RBAC configuration: evaluated here with a
 * small model of Envoy's principal matching (remote_ip, jwt_authn metadata, and/or/not), the
 * first matching rule decides, then the default action.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rbacConfig } from '../../../src/xds/translator/listeners/rbac';
import type { AuthorizationSettings } from '../../../src/ir/security-access';
import type { Principal } from '../../../src/generated/envoy/config/rbac/v3/Principal';

interface Request { ip: string; claims?: Record<string, unknown> }

function inPrefix(ip: string, prefix: string, length: number): boolean {
  const n = (a: string): number => a.split('.').reduce((acc, p) => acc * 256 + Number(p), 0);
  const mask = length === 0 ? 0 : 2 ** 32 - 2 ** (32 - length);
  return Math.floor(n(ip) / 2 ** (32 - length)) === Math.floor((n(prefix) & mask) / 2 ** (32 - length)) || length === 0;
}

function matches(p: Principal, r: Request): boolean {
  if (p.any) return true;
  if (p.and_ids) return p.and_ids.ids!.every((id) => matches(id, r));
  if (p.or_ids) return p.or_ids.ids!.some((id) => matches(id, r));
  if (p.not_id) return !matches(p.not_id, r);
  if (p.remote_ip) return inPrefix(r.ip, p.remote_ip.address_prefix!, (p.remote_ip.prefix_len as { value: number }).value);
  if (p.metadata) {
    const [root, ...path] = p.metadata.path!.map((s) => s.key!);
    assert.equal(root, 'pier_jwt_payload');
    let value: unknown = r.claims;
    for (const k of path) value = (value as Record<string, unknown> | undefined)?.[k];
    const v = p.metadata.value!;
    if (v.string_match) return value === v.string_match.exact;
    if (v.list_match) return Array.isArray(value) && value.includes(v.list_match.one_of!.string_match!.exact);
  }
  throw new Error(`unexpected principal ${JSON.stringify(p)}`);
}

function allowed(settings: AuthorizationSettings, r: Request): boolean {
  const policies = rbacConfig(settings).rules!.policies!;
  return Object.values(policies).some((policy) => policy.principals!.some((p) => matches(p, r)));
}

const cidr = (address: string, prefixLength: number) => ({ address, prefixLength });

test('first match decides: a deny before a wider allow wins, an allow before a deny wins', () => {
  const denyFirst: AuthorizationSettings = { defaultAction: 'Deny', rules: [
    { name: 'one', action: 'Deny', clientCIDRs: [cidr('10.1.2.3', 32)], claims: [] },
    { name: 'net', action: 'Allow', clientCIDRs: [cidr('10.0.0.0', 8)], claims: [] },
  ] };
  assert.equal(allowed(denyFirst, { ip: '10.1.2.3' }), false);
  assert.equal(allowed(denyFirst, { ip: '10.9.9.9' }), true);
  assert.equal(allowed(denyFirst, { ip: '192.168.0.1' }), false, 'default Deny');
  const allowFirst: AuthorizationSettings = { defaultAction: 'Deny', rules: [denyFirst.rules[1]!, denyFirst.rules[0]!] };
  assert.equal(allowed(allowFirst, { ip: '10.1.2.3' }), true, 'the allow came first');
});

test('default Allow: everyone but the denied; no rules at all: as the default says', () => {
  const settings: AuthorizationSettings = { defaultAction: 'Allow', rules: [{ name: 'red', action: 'Deny', clientCIDRs: [], claims: [{ path: ['org', 'team'], values: ['red'] }] }] };
  assert.equal(allowed(settings, { ip: '1.2.3.4', claims: { org: { team: 'red' } } }), false);
  assert.equal(allowed(settings, { ip: '1.2.3.4', claims: { org: { team: 'blue' } } }), true);
  assert.equal(allowed(settings, { ip: '1.2.3.4' }), true, 'no token: no claim matches');
  assert.equal(allowed({ defaultAction: 'Allow', rules: [] }, { ip: '1.2.3.4' }), true);
  assert.equal(allowed({ defaultAction: 'Deny', rules: [] }, { ip: '1.2.3.4' }), false);
});

test('a rule needs all its claims and its address; a claim matches a string or a list holding a value', () => {
  const settings: AuthorizationSettings = { defaultAction: 'Deny', rules: [{
    name: 'admins', action: 'Allow', clientCIDRs: [cidr('10.0.0.0', 8)], claims: [{ path: ['groups'], values: ['admins', 'ops'] }, { path: ['sub'], values: ['alice'] }],
  }] };
  assert.equal(allowed(settings, { ip: '10.0.0.1', claims: { groups: ['users', 'ops'], sub: 'alice' } }), true);
  assert.equal(allowed(settings, { ip: '10.0.0.1', claims: { groups: 'admins', sub: 'alice' } }), true);
  assert.equal(allowed(settings, { ip: '10.0.0.1', claims: { groups: ['users'], sub: 'alice' } }), false);
  assert.equal(allowed(settings, { ip: '10.0.0.1', claims: { groups: ['ops'], sub: 'bob' } }), false);
  assert.equal(allowed(settings, { ip: '11.0.0.1', claims: { groups: ['ops'], sub: 'alice' } }), false);
});

test('policy names keep the rules\' order', () => {
  const rules = Array.from({ length: 11 }, (_, i) => ({ name: `r${i}`, action: 'Allow' as const, clientCIDRs: [cidr('10.0.0.0', 8)], claims: [] }));
  assert.deepEqual(Object.keys(rbacConfig({ defaultAction: 'Allow', rules }).rules!.policies!), [...rules.map((r, i) => `${String(i).padStart(2, '0')}-${r.name}`), '~default']);
});
