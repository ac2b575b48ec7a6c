import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseManifests } from '../../../src/provider/file/parse';
import { collectResources } from '../../../src/provider/file/objects/collect';

const POLICY = `apiVersion: gateway.networking.k8s.io/v1
kind: BackendTLSPolicy
metadata:
  name: tls
  namespace: apps
spec:
  targetRefs:
    - group: ""
      kind: Service
      name: secure
      sectionName: https
  validation:
    caCertificateRefs:
      - group: ""
        kind: ConfigMap
        name: ca
    hostname: secure.example.com
    subjectAltNames:
      - type: URI
        uri: spiffe://cluster.local/ns/apps/sa/secure
`;

const CONFIG_MAP = `apiVersion: v1
kind: ConfigMap
metadata:
  name: ca
  namespace: apps
data:
  ca.crt: |
    -----BEGIN CERTIFICATE-----
    MIIB
    -----END CERTIFICATE-----
`;

describe('BackendTLSPolicy and ConfigMap in the file provider', () => {
  test('both are read, validated and sorted into their lists', () => {
    const parsed = parseManifests(`${POLICY}---\n${CONFIG_MAP}---\n${CONFIG_MAP.replace('name: ca', 'name: another')}`, 'p.yaml');
    assert.deepEqual(parsed.errors, []);
    const { resources, errors } = collectResources(parsed.objects);
    assert.deepEqual(errors, []);
    assert.deepEqual(resources.backendTLSPolicies.map((p) => p.metadata.name), ['tls']);
    assert.deepEqual(resources.backendTLSPolicies[0]?.spec.validation.subjectAltNames, [{ type: 'URI', uri: 'spiffe://cluster.local/ns/apps/sa/secure' }]);
    assert.deepEqual(resources.configMaps.map((c) => c.metadata.name), ['another', 'ca']);
    assert.match(resources.configMaps[1]?.data?.['ca.crt'] ?? '', /BEGIN CERTIFICATE/);
  });

  test('v1alpha3 manifests are refused: the v1.7.0 CRD no longer serves that version', () => {
    const parsed = parseManifests(POLICY.replace('/v1\n', '/v1alpha3\n'), 'p.yaml');
    assert.equal(parsed.objects.length, 0);
    assert.deepEqual(parsed.errors.map((e) => e.field), ['apiVersion']);
    assert.deepEqual(parsed.rejected, [{ kind: 'BackendTLSPolicy', namespace: 'apps', name: 'tls' }]);
  });

  test('CRD validation: hostname is required', () => {
    const parsed = parseManifests(POLICY.replace('    hostname: secure.example.com\n', ''), 'p.yaml');
    assert.equal(parsed.objects.length, 0);
    assert.ok(parsed.errors.some((e) => e.field === 'spec.validation.hostname' && /Required value/.test(e.message)), JSON.stringify(parsed.errors));
    assert.deepEqual(parsed.rejected, [{ kind: 'BackendTLSPolicy', namespace: 'apps', name: 'tls' }]);
  });

  test('CRD validation (CEL): caCertificateRefs and wellKnownCACertificates are exclusive', () => {
    const parsed = parseManifests(POLICY.replace('    hostname:', '    wellKnownCACertificates: System\n    hostname:'), 'p.yaml');
    assert.equal(parsed.objects.length, 0);
    assert.ok(parsed.errors.length > 0);
  });

  test('ConfigMap data values must be strings', () => {
    const parsed = parseManifests('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: bad\ndata:\n  n: 5\n', 'c.yaml');
    assert.equal(parsed.objects.length, 0);
    assert.equal(parsed.errors[0]?.field, 'data.n');
  });
});
