/**
 * XBackendTrafficPolicy settings as Envoy can hold them (backends/backendtraffic.ts): the retry
 * budget's concurrency floor from minRetryRate, session persistence and what Envoy cannot
 * express, and which policy applies to a Service.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { XBackendTrafficPolicy } from '../../../src/apis/gateway';
import {
  BackendTrafficPolicies, generatedCookieName, retryBudgetOf, sessionPersistenceOf,
} from '../../../src/gatewayapi/backends/backendtraffic';

const policy = (name: string, created: string, spec: Partial<XBackendTrafficPolicy['spec']>, targets = ['web']): XBackendTrafficPolicy => ({
  apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XBackendTrafficPolicy',
  metadata: { name, namespace: 'default', creationTimestamp: created, generation: 1 },
  spec: { targetRefs: targets.map((t) => ({ group: '', kind: 'Service', name: t })), ...spec },
});

describe('retry budget', () => {
  test('percent as given; minRetryRate as concurrent retries: count per second, rounded up, at least 1', () => {
    assert.deepEqual(retryBudgetOf({}), { budgetPercent: 20, minRetryConcurrency: 10 }, 'the CRD defaults');
    assert.deepEqual(retryBudgetOf({ budget: { percent: 0 }, minRetryRate: { count: 1, interval: '1s' } }), { budgetPercent: 0, minRetryConcurrency: 1 });
    assert.deepEqual(retryBudgetOf({ budget: { percent: 35, interval: '1h' }, minRetryRate: { count: 5, interval: '2s' } }), { budgetPercent: 35, minRetryConcurrency: 3 });
    assert.deepEqual(retryBudgetOf({ minRetryRate: { count: 1, interval: '1h' } }).minRetryConcurrency, 1);
    assert.deepEqual(retryBudgetOf({ minRetryRate: { count: 100, interval: '100ms' } }).minRetryConcurrency, 1000);
  });
});

describe('session persistence', () => {
  test('cookies: the given name or a generated one, Path "/" by default, Max-Age only for Permanent', () => {
    assert.deepEqual(sessionPersistenceOf({ type: 'Cookie', cookie: { name: 'c' } }, 'o'), { type: 'cookie', name: 'c', path: '/' });
    assert.deepEqual(sessionPersistenceOf({ cookie: {} }, 'owner'), { type: 'cookie', name: generatedCookieName('owner'), path: '/' });
    assert.match(generatedCookieName('owner'), /^pier-session-[0-9a-f]{12}$/);
    assert.notEqual(generatedCookieName('a'), generatedCookieName('b'));
    assert.deepEqual(sessionPersistenceOf({ type: 'Cookie', cookie: { name: 'c', path: '/app', lifetimeType: 'Permanent' }, absoluteTimeout: '1h500ms' }, 'o'),
      { type: 'cookie', name: 'c', path: '/app', ttlSeconds: 3601 });
  });

  test('headers: the header name', () => {
    assert.deepEqual(sessionPersistenceOf({ type: 'Header', header: { name: 'x-s' } }, 'o'), { type: 'header', name: 'x-s' });
  });

  test('what Envoy cannot express is refused with the reason', () => {
    assert.match(sessionPersistenceOf({ type: 'Cookie', cookie: { name: 'c' }, absoluteTimeout: '10m' }, 'o') as string, /not supported with Session cookies/);
    assert.match(sessionPersistenceOf({ type: 'Header', header: { name: 'h' }, absoluteTimeout: '10m' }, 'o') as string, /not supported with Header sessions/);
    assert.match(sessionPersistenceOf({ type: 'Cookie', cookie: { lifetimeType: 'Permanent' } }, 'o') as string, /required for Permanent cookies/);
    assert.match(sessionPersistenceOf({ type: 'Cookie', cookie: {}, absoluteTimeout: '1d' }, 'o') as string, /not a valid duration/);
  });
});

describe('which policy applies', () => {
  test('the oldest policy on a Service applies; the others are Conflicted there and still apply elsewhere', () => {
    const policies = new BackendTrafficPolicies([
      policy('young', '2025-01-01T00:00:00Z', { retryConstraint: { budget: { percent: 50 } } }, ['web', 'api']),
      policy('old', '2024-01-01T00:00:00Z', { retryConstraint: { budget: { percent: 10 } } }),
    ]);
    assert.equal(policies.forService('default', 'web')?.retryBudget?.budgetPercent, 10);
    assert.equal(policies.forService('default', 'api')?.retryBudget?.budgetPercent, 50);
    assert.equal(policies.forService('default', 'other'), undefined);
    assert.equal(policies.forService('other', 'web'), undefined, 'a policy applies in its own namespace');
    const exists = (): boolean => true;
    const [old, young] = policies.states;
    assert.deepEqual([old!.name, old!.reportedAccepted(exists).reason], ['old', 'Accepted']);
    assert.deepEqual([young!.name, young!.reportedAccepted(exists).reason], ['young', 'Conflicted']);
    assert.deepEqual(policies.claimantsOf('default', 'web').map((s) => s.name), ['old', 'young']);
  });

  test('an invalid policy applies nowhere; TargetNotFound only when none of its Services exists', () => {
    const policies = new BackendTrafficPolicies([
      policy('bad', '2024-01-01T00:00:00Z', { sessionPersistence: { type: 'Header', header: { name: 'h' }, absoluteTimeout: '1m' } }),
      policy('two', '2024-01-01T00:00:00Z', { retryConstraint: {} }, ['gone', 'api']),
      policy('kinds', '2024-01-01T00:00:00Z', { retryConstraint: {} }, []),
    ]);
    assert.equal(policies.forService('default', 'web'), undefined);
    const [bad, kinds, two] = policies.states;
    assert.equal(bad!.reportedAccepted(() => true).reason, 'Invalid');
    assert.equal(two!.reportedAccepted((_ns, name) => name === 'api').reason, 'Accepted');
    assert.equal(two!.reportedAccepted(() => false).reason, 'TargetNotFound');
    assert.equal(kinds!.reportedAccepted(() => false).reason, 'Accepted', 'no Service target: nothing to find');
  });
});
