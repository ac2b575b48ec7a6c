/** The endpoint translator: EndpointSlices and bindings -> assignments. */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { endpointSourceFromSlices, endpointsFor, sliceSelected } from '../../../src/xds/translator/endpoints/endpoints';

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

describe('EndpointSelector refs (XBackend)', () => {
  const slice = (name: string, namespace: string, labels: Record<string, string>, address: string) => ({
    apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice' as const, metadata: { name, namespace, labels }, addressType: 'IPv4' as const,
    ports: [{ name: 'http', port: 8080 }, { name: 'admin', port: 9000 }], endpoints: [{ addresses: [address] }],
  });
  const slices = [
    slice('web-1', 'default', { app: 'web', tier: 'front', 'kubernetes.io/service-name': 'web' }, '10.0.0.1'),
    slice('web-2', 'default', { app: 'web', 'kubernetes.io/service-name': 'web-canary' }, '10.0.0.2'),
    slice('api-1', 'default', { app: 'api', 'kubernetes.io/service-name': 'api' }, '10.0.0.3'),
    slice('web-other', 'other', { app: 'web', 'kubernetes.io/service-name': 'web' }, '10.0.0.4'),
  ];

  test('the slices of the namespace carrying every selected label, on the port of that number, whatever their Service', () => {
    const source = endpointSourceFromSlices(slices);
    const ref = (selector: Record<string, string>, port: number) => ({ namespace: 'default', service: '', portName: '', selector, port });
    assert.deepEqual(source(ref({ app: 'web' }, 8080)), [{ host: '10.0.0.1', port: 8080 }, { host: '10.0.0.2', port: 8080 }]);
    assert.deepEqual(source(ref({ app: 'web', tier: 'front' }, 9000)), [{ host: '10.0.0.1', port: 9000 }]);
    assert.deepEqual(source(ref({ app: 'web' }, 7000)), [], 'no slice port of that number');
    assert.deepEqual(source(ref({ app: 'db' }, 8080)), []);
    assert.deepEqual(source({ namespace: 'default', service: 'web', portName: 'http' }), [{ host: '10.0.0.1', port: 8080 }], 'Service refs unchanged');
  });

  test('sliceSelected: every label with the same value', () => {
    assert.equal(sliceSelected(slices[0]!, { app: 'web', tier: 'front' }), true);
    assert.equal(sliceSelected(slices[1]!, { app: 'web', tier: 'front' }), false);
    assert.equal(sliceSelected(slices[2]!, { app: 'web' }), false);
  });
});
