/** The endpoint translator: EndpointSlices and bindings -> assignments. */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { endpointsFor } from '../../../src/xds/translator/endpoints/endpoints';

describe('endpointsFor', () => {
  test('matches the slice port by the Service port name; ready endpoints only; sorted and deduplicated', () => {
    const slices = [
      { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice' as const, metadata: { name: 'a' }, addressType: 'IPv4' as const,
        ports: [{ name: 'http', port: 8080 }, { name: 'admin', port: 9000 }],
        endpoints: [{ addresses: ['10.0.0.2'] }, { addresses: ['10.0.0.3'], conditions: { ready: false } }, { addresses: ['10.0.0.1'], conditions: { ready: true } }] },
      { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice' as const, metadata: { name: 'b' }, addressType: 'IPv4' as const,
        ports: [{ name: 'http', port: 8080 }], endpoints: [{ addresses: ['10.0.0.2'] }] },
    ];
    assert.deepEqual(endpointsFor(slices, 'http'), [{ host: '10.0.0.1', port: 8080 }, { host: '10.0.0.2', port: 8080 }]);
    assert.deepEqual(endpointsFor(slices, 'admin'), [{ host: '10.0.0.1', port: 9000 }, { host: '10.0.0.2', port: 9000 }]);
    assert.deepEqual(endpointsFor(slices, ''), []);
  });
});
