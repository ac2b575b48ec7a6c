/**
 * Pier policy attachment (gatewayapi/policies): targets, conflicts on one target (older, then
 * namespace/name), precedence between levels (rule > route > listener > ListenerSet > Gateway),
 * RateLimitPolicy content, and the statuses (Accepted, Conflicted naming the winner,
 * TargetNotFound, Invalid; observedGeneration).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RateLimitPolicy } from '../../../src/apis/pier';
import type { Gateway, GatewayClass, HTTPRoute } from '../../../src/apis/gateway';
import { emptyProviderResources, type ObjectStatus, type ProviderResources } from '../../../src/message/resources';
import { translate } from '../../../src/gatewayapi/translate';
import { AttachedPolicies, policyTargets } from '../../../src/gatewayapi/policies/attachment';
import { checkRateLimitPolicy, type PolicyCheckContext } from '../../../src/gatewayapi/policies/ratelimit';

const CONTROLLER = 'pier.dev/gateway-controller';
const GW = 'gateway.networking.k8s.io';

function rlp(name: string, targetRefs: { kind: string; name: string; sectionName?: string; group?: string }[], o: { created?: string; namespace?: string; requests?: number; generation?: number; cidr?: string } = {}): RateLimitPolicy {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'RateLimitPolicy',
    metadata: { name, namespace: o.namespace ?? 'default', creationTimestamp: o.created ?? '2024-01-01T00:00:00Z', generation: o.generation ?? 1 },
    spec: { targetRefs: targetRefs.map((t) => ({ group: GW, ...t })), local: { rules: [{ limit: { requests: o.requests ?? 1, unit: 'Second' }, ...(o.cidr ? { clients: { source: { cidr: o.cidr } } } : {}) }] } },
  };
}

function world(policies: RateLimitPolicy[], o: { className?: string } = {}): ProviderResources {
  const r = emptyProviderResources();
  r.gatewayClasses.push({ apiVersion: `${GW}/v1`, kind: 'GatewayClass', metadata: { name: 'pier' }, spec: { controllerName: CONTROLLER } } as GatewayClass,
    { apiVersion: `${GW}/v1`, kind: 'GatewayClass', metadata: { name: 'other' }, spec: { controllerName: 'example.com/other' } } as GatewayClass);
  const gateway = (name: string, className: string): Gateway => ({
    apiVersion: `${GW}/v1`, kind: 'Gateway', metadata: { name, namespace: 'default', generation: 1 },
    spec: { gatewayClassName: className, listeners: [
      { name: 'http', protocol: 'HTTP', port: 80, allowedRoutes: { namespaces: { from: 'Same' } } },
      { name: 'alt', protocol: 'HTTP', port: 8080, allowedRoutes: { namespaces: { from: 'Same' } } },
    ] },
  } as Gateway);
  r.gateways.push(gateway('gw', o.className ?? 'pier'), gateway('foreign', 'other'));
  const route = (name: string, parent: string): HTTPRoute => ({
    apiVersion: `${GW}/v1`, kind: 'HTTPRoute', metadata: { name, namespace: 'default', generation: 1 },
    spec: { parentRefs: [{ group: GW, kind: 'Gateway', name: parent }], rules: [
      { name: 'a', matches: [{ path: { type: 'PathPrefix', value: `/${name}/a` } }], backendRefs: [{ group: '', kind: 'Service', name: 'web', port: 80, weight: 1 }] },
      { matches: [{ path: { type: 'PathPrefix', value: `/${name}/b` } }], backendRefs: [{ group: '', kind: 'Service', name: 'web', port: 80, weight: 1 }] },
    ] },
  } as HTTPRoute);
  r.httpRoutes.push(route('app', 'gw'), route('plain', 'gw'), route('elsewhere', 'foreign'));
  r.services.push({ apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default' }, spec: { ports: [{ port: 80, protocol: 'TCP', targetPort: 8080 }] } });
  r.rateLimitPolicies.push(...policies);
  return r;
}

type Ancestor = { ref: string; status: string; reason: string; message: string; generation?: number };
function ancestorsOf(statuses: ObjectStatus[], name: string): Ancestor[] {
  const s = statuses.find((x) => x.kind === 'RateLimitPolicy' && x.name === name);
  if (!s || !('ancestors' in s.status)) return [];
  return s.status.ancestors.map((a) => {
    const c = a.conditions.find((x) => x.type === 'Accepted')!;
    return { ref: `${a.ancestorRef.kind}/${a.ancestorRef.name}`, status: c.status, reason: c.reason, message: c.message, generation: c.observedGeneration };
  });
}

/** listener name -> policy applying to it; "<listener> <route path>" -> policy of the rule's own. */
function placed(resources: ProviderResources): Record<string, string> {
  const out: Record<string, string> = {};
  const ir = translate(resources, { controllerName: CONTROLLER }).xdsIR['default/gw']!;
  for (const l of ir.http) {
    const short = l.name.split('/').pop()!;
    if (l.policies?.rateLimit) out[short] = l.policies.rateLimit.source.name;
    for (const vh of l.virtualHosts) for (const r of vh.routes) if (r.policies?.rateLimit) out[`${short} ${r.pathMatch.pathPrefix}`] = r.policies.rateLimit.source.name;
  }
  return out;
}

/** Pier without, and with, a rate limit service (rateLimitService). */
const NO_SERVICE: PolicyCheckContext = { rateLimitService: false };
const WITH_SERVICE: PolicyCheckContext = { rateLimitService: true };

describe('policy targets and conflicts', () => {
  test('targets are in the policy\'s namespace, each once; other groups and kinds are not targets', () => {
    const p = rlp('p', [{ kind: 'Gateway', name: 'gw' }, { kind: 'Gateway', name: 'gw' }, { kind: 'Gateway', name: 'gw', sectionName: 'http' }, { kind: 'Service', name: 'web', group: '' }], { namespace: 'team' });
    assert.deepEqual(policyTargets(p), [{ kind: 'Gateway', namespace: 'team', name: 'gw' }, { kind: 'Gateway', namespace: 'team', name: 'gw', sectionName: 'http' }]);
    // A Service is a BackendPolicy's target only.
    assert.deepEqual(policyTargets({ ...p, kind: 'BackendPolicy' }).map((t) => t.kind), ['Gateway', 'Gateway', 'Service']);
  });

  test('on one target the older policy wins, then namespace/name; the loser keeps the targets it won', () => {
    const attached = new AttachedPolicies([
      rlp('young', [{ kind: 'Gateway', name: 'gw' }, { kind: 'HTTPRoute', name: 'app' }], { created: '2025-01-01T00:00:00Z' }),
      rlp('b', [{ kind: 'Gateway', name: 'gw' }]),
      rlp('a', [{ kind: 'Gateway', name: 'gw' }]),
    ], (policy) => checkRateLimitPolicy(policy as RateLimitPolicy, NO_SERVICE));
    assert.equal(attached.at('Gateway/default/gw')?.name, 'a', 'same age: by name');
    assert.equal(attached.at('HTTPRoute/default/app')?.name, 'young');
    const young = attached.states.find((s) => s.name === 'young')!;
    assert.deepEqual([...young.lostTo].map(([k, w]) => [k, w.name]), [['Gateway/default/gw', 'a']]);
  });
});

describe('RateLimitPolicy content', () => {
  test('token buckets: requests per unit, burst defaulting to requests; clients by header and CIDR', () => {
    const p = rlp('p', [{ kind: 'Gateway', name: 'gw' }]);
    p.spec.local = { maxClients: 9, rules: [
      { limit: { requests: 3, unit: 'Minute' } },
      { limit: { requests: 2, unit: 'Hour', burst: 5 }, clients: { headers: [{ name: 'X-User' }, { name: 'x-tier', value: 'free' }], source: { cidr: '2001:db8::/32', perAddress: true } } },
    ] };
    const { content, settings } = checkRateLimitPolicy(p, NO_SERVICE);
    assert.equal(content.ok, true);
    assert.deepEqual(settings, { local: { maxClients: 9, rules: [
      { tokensPerFill: 3, fillIntervalSeconds: 60, maxTokens: 3, headers: [] },
      { tokensPerFill: 2, fillIntervalSeconds: 3600, maxTokens: 5, headers: [{ name: 'x-user' }, { name: 'x-tier', value: 'free' }],
        source: { address: '2001:db8::', prefixLength: 32, ipv6: true, perAddress: true } },
    ] } });
  });

  test('a local CIDR written with host bits set is the network Envoy matches (10.1.2.3/8 is 10.0.0.0/8)', () => {
    const local = (cidr: string): unknown => checkRateLimitPolicy(rlp('p', [], { cidr }), NO_SERVICE).settings?.local?.rules[0]?.source;
    assert.deepEqual(local('10.1.2.3/8'), { address: '10.0.0.0', prefixLength: 8, ipv6: false, perAddress: false });
    assert.deepEqual(local('192.168.7.9/32'), { address: '192.168.7.9', prefixLength: 32, ipv6: false, perAddress: false });
    assert.deepEqual(local('2001:DB8:1:2::5/32'), { address: '2001:db8::', prefixLength: 32, ipv6: true, perAddress: false });
  });

  test('what the CRD cannot check is Invalid: an address that is no IP, a prefix too long; global limits without a rate limit service', () => {
    assert.match(checkRateLimitPolicy(rlp('p', [], { cidr: '300.1.1.1/8' }), NO_SERVICE).content.message, /is not a CIDR/);
    assert.match(checkRateLimitPolicy(rlp('p', [], { cidr: '10.0.0.0/40' }), NO_SERVICE).content.message, /prefix length must be 0 to 32/);
    const global = rlp('p', []);
    global.spec.global = { rules: [{ limit: { requests: 1, unit: 'Day' } }] };
    const { content } = checkRateLimitPolicy(global, NO_SERVICE);
    assert.deepEqual([content.ok, content.reason], [false, 'Invalid']);
    assert.match(content.message, /spec\.global needs a rate limit service.*rateLimitService/);
    assert.equal(checkRateLimitPolicy(global, WITH_SERVICE).content.ok, true);
    global.spec.global.rules.push({ limit: { requests: 1, unit: 'Day' }, clients: { source: { cidr: '10.0.0.0/33' } } });
    assert.match(checkRateLimitPolicy(global, WITH_SERVICE).content.message, /spec\.global\.rules\[1\]\.clients\.source\.cidr .*prefix length must be 0 to 32/);
  });

  test('global limits: one count per rule, named by the policy (shared by all its targets); CIDRs as the proxies write the masked address; fail open unless FailClosed', () => {
    const p = rlp('shop', [{ kind: 'Gateway', name: 'a' }, { kind: 'Gateway', name: 'b' }], { namespace: 'team' });
    p.spec.global = { failureMode: 'FailClosed', rules: [
      { limit: { requests: 10, unit: 'Minute' }, clients: { headers: [{ name: 'X-User' }, { name: 'x-plan', value: 'free' }] } },
      { limit: { requests: 5, unit: 'Day' }, clients: { source: { cidr: '10.1.2.3/8', perAddress: true } } },
      { limit: { requests: 7, unit: 'Second' }, clients: { source: { cidr: '2001:DB8:0:0:1::9/32' } } },
    ] };
    const { content, settings } = checkRateLimitPolicy(p, WITH_SERVICE);
    assert.equal(content.ok, true, content.message);
    assert.deepEqual(settings?.global, { failOpen: false, rules: [
      { id: 'team/shop/0', headers: [{ name: 'x-user' }, { name: 'x-plan', value: 'free' }], requests: 10, unit: 'minute' },
      { id: 'team/shop/1', headers: [], source: { address: '10.0.0.0', prefixLength: 8, ipv6: false, perAddress: true }, requests: 5, unit: 'day' },
      { id: 'team/shop/2', headers: [], source: { address: '2001:db8::', prefixLength: 32, ipv6: true, perAddress: false }, requests: 7, unit: 'second' },
    ] });
    p.spec.global.failureMode = undefined;
    assert.equal(checkRateLimitPolicy(p, WITH_SERVICE).settings?.global?.failOpen, true);
  });
});

describe('precedence between levels', () => {
  test('rule > route > listener > Gateway; a rule without a policy of its own gets the route\'s', () => {
    const out = placed(world([
      rlp('on-gateway', [{ kind: 'Gateway', name: 'gw' }]),
      rlp('on-listener', [{ kind: 'Gateway', name: 'gw', sectionName: 'alt' }]),
      rlp('on-route', [{ kind: 'HTTPRoute', name: 'app' }]),
      rlp('on-rule', [{ kind: 'HTTPRoute', name: 'plain', sectionName: 'a' }]),
    ]));
    assert.deepEqual(out, {
      http: 'on-gateway', alt: 'on-listener',
      'http /app/a': 'on-route', 'http /app/b': 'on-route', 'alt /app/a': 'on-route', 'alt /app/b': 'on-route',
      'http /plain/a': 'on-rule', 'alt /plain/a': 'on-rule',
    });
  });

  test('an invalid policy applies nothing: the less specific one applies instead', () => {
    const out = placed(world([rlp('on-gateway', [{ kind: 'Gateway', name: 'gw' }]), rlp('broken', [{ kind: 'HTTPRoute', name: 'app' }], { cidr: '10.0.0.0/99' })]));
    assert.deepEqual(out, { http: 'on-gateway', alt: 'on-gateway' });
  });

  test('a route given settings is frozen whole (the bus shares frozen objects without copying, taking them as deeply frozen)', () => {
    const ir = translate(world([rlp('on-route', [{ kind: 'HTTPRoute', name: 'app' }])]), { controllerName: CONTROLLER }).xdsIR['default/gw']!;
    const routes = ir.http.flatMap((l) => l.virtualHosts.flatMap((vh) => vh.routes)).filter((r) => r.policies);
    assert.ok(routes.length > 0);
    for (const r of routes) {
      assert.ok(Object.isFrozen(r));
      assert.ok(Object.isFrozen(r.policies), 'its policies');
      assert.ok(Object.isFrozen(r.policies!.rateLimit), 'its rate limit settings');
    }
  });

  test('without policies the IR carries none', () => {
    assert.deepEqual(placed(world([])), {});
  });
});

describe('policy statuses', () => {
  const statuses = translate(world([
    rlp('winner', [{ kind: 'Gateway', name: 'gw' }], { generation: 4 }),
    rlp('loser', [{ kind: 'Gateway', name: 'gw' }], { created: '2025-01-01T00:00:00Z' }),
    rlp('partly', [{ kind: 'Gateway', name: 'gw' }, { kind: 'HTTPRoute', name: 'app', sectionName: 'a' }], { created: '2025-01-01T00:00:00Z' }),
    rlp('no-gateway', [{ kind: 'Gateway', name: 'nope' }]),
    rlp('no-listener', [{ kind: 'Gateway', name: 'gw', sectionName: 'nope' }]),
    rlp('no-rule', [{ kind: 'HTTPRoute', name: 'app', sectionName: 'nope' }]),
    rlp('foreign', [{ kind: 'HTTPRoute', name: 'elsewhere' }, { kind: 'Gateway', name: 'foreign' }]),
    rlp('invalid', [{ kind: 'HTTPRoute', name: 'plain' }], { cidr: 'x/8' }),
  ]), { controllerName: CONTROLLER }).statuses;

  test('Accepted, with observedGeneration; one ancestor per Gateway', () => {
    assert.deepEqual(ancestorsOf(statuses, 'winner'), [{ ref: 'Gateway/gw', status: 'True', reason: 'Accepted', message: 'Policy is accepted', generation: 4 }]);
  });

  test('Conflicted names the policy that takes precedence; a policy that applies elsewhere on the Gateway is Accepted, saying so', () => {
    assert.deepEqual(ancestorsOf(statuses, 'loser'), [{ ref: 'Gateway/gw', status: 'False', reason: 'Conflicted', message: 'RateLimitPolicy default/winner takes precedence for Gateway default/gw', generation: 1 }]);
    const partly = ancestorsOf(statuses, 'partly');
    assert.deepEqual(partly.map((a) => [a.ref, a.status, a.reason]), [['Gateway/gw', 'True', 'Accepted']]);
    assert.match(partly[0]!.message, /RateLimitPolicy default\/winner takes precedence for Gateway default\/gw/);
  });

  test('TargetNotFound: a Gateway (its own ancestor), a listener or a rule the target lacks (the Gateway)', () => {
    assert.deepEqual(ancestorsOf(statuses, 'no-gateway').map((a) => [a.ref, a.reason, a.message]), [['Gateway/nope', 'TargetNotFound', 'Gateway default/nope not found']]);
    assert.deepEqual(ancestorsOf(statuses, 'no-listener').map((a) => [a.ref, a.reason, a.message]), [['Gateway/gw', 'TargetNotFound', 'Gateway default/gw listener nope not found']]);
    assert.deepEqual(ancestorsOf(statuses, 'no-rule').map((a) => [a.ref, a.reason, a.message]), [['Gateway/gw', 'TargetNotFound', 'HTTPRoute default/app rule nope not found']]);
  });

  test('targets that are another controller\'s are not reported; Invalid names the field', () => {
    assert.equal(statuses.some((s) => s.kind === 'RateLimitPolicy' && s.name === 'foreign'), false);
    const invalid = ancestorsOf(statuses, 'invalid');
    assert.deepEqual(invalid.map((a) => [a.ref, a.reason]), [['Gateway/gw', 'Invalid']]);
    assert.match(invalid[0]!.message, /spec\.local\.rules\[0\]\.clients\.source\.cidr/);
  });
});
