import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { supportedFeatures } from '../../../src/gatewayapi/model/features';

describe('GatewayClass supportedFeatures', () => {
  test('is sorted by name, without repeats, and names the core features and CORS', () => {
    const names = supportedFeatures().map((f) => f.name);
    assert.deepEqual(names, [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    assert.equal(new Set(names).size, names.length);
    for (const core of ['Gateway', 'HTTPRoute', 'ReferenceGrant', 'HTTPRouteCORS']) assert.ok(names.includes(core), core);
    assert.ok(names.length <= 64, 'the CRD allows at most 64');
  });

  test('GatewayInfrastructure with Kubernetes infrastructure only, in name order', () => {
    assert.ok(!supportedFeatures().some((f) => f.name === 'GatewayInfrastructure'));
    const names = supportedFeatures({ infrastructurePropagation: true }).map((f) => f.name);
    assert.ok(names.includes('GatewayInfrastructure'));
    assert.deepEqual(names, [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    assert.equal(names.length, supportedFeatures().length + 1);
  });

  test('GatewayAddressRoutability always; GatewayAddressRoutabilityCluster only where Gateways have Service ClusterIPs, and never without the other', () => {
    assert.ok(supportedFeatures().some((f) => f.name === 'GatewayAddressRoutability'));
    assert.ok(!supportedFeatures().some((f) => f.name === 'GatewayAddressRoutabilityCluster'));
    const names = supportedFeatures({ clusterRoutability: true }).map((f) => f.name);
    assert.ok(names.includes('GatewayAddressRoutabilityCluster') && names.includes('GatewayAddressRoutability'));
    assert.deepEqual(names, [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  test('ClusterTrustBundle unless the cluster does not serve the kind', () => {
    assert.ok(supportedFeatures().some((f) => f.name === 'ClusterTrustBundle'));
    const names = supportedFeatures({ unservedKinds: ['ClusterTrustBundle'] }).map((f) => f.name);
    assert.ok(!names.includes('ClusterTrustBundle'));
    assert.equal(names.length, supportedFeatures().length - 1);
  });

  test('leaves out what Pier does not implement', () => {
    const names = supportedFeatures().map((f) => f.name);
    for (const missing of ['GatewayInfrastructure', 'Mesh', 'HTTPRouteRetry', 'HTTPRouteRetryBackendTimeout']) {
      assert.ok(!names.includes(missing), missing);
    }
  });
});
