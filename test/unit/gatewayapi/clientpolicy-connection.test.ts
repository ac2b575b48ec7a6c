/** ClientPolicy's connection settings: from the spec to the IR, and what makes a policy Invalid. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkClientPolicy, settleSharedPorts, type SharedPortConflict } from '../../../src/gatewayapi/policies/clientpolicy';
import type { ClientSettings } from '../../../src/ir/client';
import type { HTTPListener } from '../../../src/ir/types';
import type { ClientPolicy, ClientPolicySpec } from '../../../src/apis/pier-clientpolicy';

const policy = (spec: Omit<ClientPolicySpec, 'targetRefs'>): ClientPolicy => ({
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy', metadata: { name: 'cp', namespace: 'default' },
  spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'edge' }], ...spec },
});

test('every connection setting maps to the IR: TLS versions as Envoy names them, enums, durations in ms', () => {
  const out = checkClientPolicy(policy({
    tls: { minVersion: '1.2', maxVersion: '1.3', ciphers: ['ECDHE-RSA-AES256-GCM-SHA384'], alpnProtocols: ['http/1.1'] },
    proxyProtocol: {},
    connection: { maxConnections: 10 },
    headers: { maxRequestHeadersKb: 8 },
    path: { normalize: false, escapedSlashesAction: 'RejectRequest' },
    http1: { acceptHTTP10: true, defaultHostForHTTP10: 'old.example', preserveHeaderCase: true },
    http2: { maxConcurrentStreams: 5, initialConnectionWindowSize: 70_000 },
    timeouts: { idle: '1h30m', request: '500ms', streamIdle: '2s' },
  }));
  assert.equal(out.content.ok, true, out.content.message);
  assert.deepEqual(out.settings, {
    connection: {
      tls: { minVersion: 'TLSv1_2', maxVersion: 'TLSv1_3', ciphers: ['ECDHE-RSA-AES256-GCM-SHA384'], alpnProtocols: ['http/1.1'] },
      proxyProtocol: { optional: false },
      maxConnections: 10,
      maxRequestHeadersKb: 8,
      path: { normalize: false, escapedSlashesAction: 'REJECT_REQUEST' },
      http1: { acceptHTTP10: true, defaultHostForHTTP10: 'old.example', preserveHeaderCase: true },
      http2: { maxConcurrentStreams: 5, initialConnectionWindowSize: 70_000 },
      timeouts: { idleMs: 5_400_000, requestMs: 500, streamIdleMs: 2_000 },
    },
  });
});

test('only what is set: client IP detection alone carries no connection settings; optional PROXY protocol', () => {
  assert.deepEqual(checkClientPolicy(policy({ clientIPDetection: { xForwardedFor: { numTrustedHops: 1 } } })).settings, { clientIPDetection: { xffNumTrustedHops: 1 } });
  assert.deepEqual(checkClientPolicy(policy({ proxyProtocol: { optional: true } })).settings, { connection: { proxyProtocol: { optional: true } } });
});

test('what the CRD would refuse is Invalid, naming each field', () => {
  const out = checkClientPolicy(policy({ tls: { minVersion: '1.3', maxVersion: '1.1' }, http1: { defaultHostForHTTP10: 'a.example' }, timeouts: { idle: '10 seconds' } }));
  assert.equal(out.settings, undefined);
  assert.deepEqual([out.content.ok, out.content.reason], [false, 'Invalid']);
  assert.match(out.content.message, /spec\.tls: minVersion 1\.3 is above maxVersion 1\.1/);
  assert.match(out.content.message, /spec\.http1\.defaultHostForHTTP10 needs acceptHTTP10: true/);
  assert.match(out.content.message, /spec\.timeouts\.idle: "10 seconds" is not a duration/);
});

test('HTTP/3 is QUIC, TLS 1.3 only: with tls.maxVersion below 1.3 the policy is Invalid, naming both fields; other TLS settings go with it', () => {
  const out = checkClientPolicy(policy({ http3: {}, tls: { maxVersion: '1.2' } }));
  assert.equal(out.settings, undefined);
  assert.deepEqual([out.content.ok, out.content.reason], [false, 'Invalid']);
  assert.match(out.content.message, /spec\.http3 needs TLS 1\.3 \(QUIC\), but spec\.tls\.maxVersion is 1\.2/);
  const fine = checkClientPolicy(policy({ http3: {}, tls: { minVersion: '1.2', maxVersion: '1.3', alpnProtocols: ['http/1.1'] }, proxyProtocol: {} }));
  assert.equal(fine.content.ok, true, fine.content.message);
  assert.deepEqual(fine.settings, { connection: { tls: { minVersion: 'TLSv1_2', maxVersion: 'TLSv1_3', alpnProtocols: ['http/1.1'] }, proxyProtocol: { optional: false } }, http3: true });
});

test('plain listeners sharing a port: TLS and HTTP/3 (HTTPS only) make no difference there, compression and connection settings do', () => {
  const plain = (name: string, client?: Omit<ClientSettings, 'source' | 'id'>): HTTPListener => ({
    name: `default/gw/${name}`, address: '0.0.0.0', port: 80, hostnames: [`${name}.example`], virtualHosts: [],
    ...(client ? { policies: { client: { source: { kind: 'ClientPolicy', namespace: 'default', name, target: `Gateway default/gw listener ${name}` }, id: name, ...client } } } : {}),
  }) as unknown as HTTPListener;
  const conflicted = (other: Omit<ClientSettings, 'source' | 'id'>): string[] => {
    const conflicts: SharedPortConflict[] = [];
    settleSharedPorts([plain('a'), plain('b', other)], conflicts);
    return conflicts.map((c) => c.policyKey);
  };
  assert.deepEqual(conflicted({ http3: true, connection: { tls: { alpnProtocols: ['http/1.1'] } } }), []);
  assert.deepEqual(conflicted({ http3: true, compression: { algorithms: ['gzip'] } }), ['ClientPolicy/default/b']);
  assert.deepEqual(conflicted({ http3: true, connection: { tls: { minVersion: 'TLSv1_3' }, timeouts: { idleMs: 1 } } }), ['ClientPolicy/default/b']);
});
