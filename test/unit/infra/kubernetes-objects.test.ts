/**
 * Kubernetes infrastructure's pure parts: the objects built for a Gateway (names, labels,
 * owners, ports, bootstrap, Secret), the applied digest, and the state reported to the
 * translator from a Service and a Deployment. The bootstrap is put to `envoy --mode validate`.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Deployment } from '../../../src/apis/apps';
import type { Service } from '../../../src/apis/core';
import type { InfraIR } from '../../../src/ir/types';
import {
  APPLIED_HASH_ANNOTATION, gatewayServiceType, isApplied, portMappings, proxyBootstrap, proxyObjectName, proxyObjects, withAppliedHash, xdsSecret, xdsSecretMaterial,
  type ProxySettings,
} from '../../../src/infra/kubernetes/objects';
import { gatewayInfraState } from '../../../src/infra/kubernetes/state';
import { parseAddressPool } from '../../../src/infra/address-range';
import { requireEnvoy } from '../../helpers/tools';

const OWNER = { namespace: 'apps', name: 'edge', uid: '1234' };
const SETTINGS: ProxySettings = { image: 'envoyproxy/envoy:v1.40.0', serviceType: 'LoadBalancer', replicas: 1, xdsHost: 'pier.pier-system.svc', xdsPort: 18000, adsMode: 'delta', logLevel: 'warning', tls: true };
const INFRA: InfraIR = {
  gateway: 'apps/edge',
  listeners: [
    { name: 'apps/edge/http', address: '0.0.0.0', port: 80, bindPort: 10080, protocol: 'HTTP' },
    { name: 'apps/edge/https', address: '0.0.0.0', port: 443, bindPort: 10443, protocol: 'HTTPS' },
    { name: 'apps/edge/tls', address: '0.0.0.0', port: 443, bindPort: 10443, protocol: 'TLS' },
    { name: 'apps/edge/dns', address: '0.0.0.0', port: 53, bindPort: 10053, protocol: 'UDP' },
    { name: 'apps/edge/alt', address: '0.0.0.0', port: 8080, protocol: 'HTTP' },
  ],
  addresses: [],
  infrastructure: { labels: { team: 'web', 'app.kubernetes.io/managed-by': 'someone-else' }, annotations: { 'example.com/owner': 'web-team' } },
};

describe('Kubernetes infrastructure objects', () => {
  test('names are DNS labels: pier-<gateway>, with a digest when the name has dots or is too long', () => {
    assert.equal(proxyObjectName('edge'), 'pier-edge');
    const dotted = proxyObjectName('edge.example');
    assert.match(dotted, /^pier-edge-example-[0-9a-f]{8}$/);
    assert.notEqual(proxyObjectName('edge-example'), dotted, 'no collision with the dash spelling');
    const long = proxyObjectName('x'.repeat(200));
    assert.ok(long.length <= 63 && /^[a-z0-9-]+$/.test(long) && /[a-z0-9]$/.test(long), long);
  });

  test('one Service port per Gateway port and transport, privileged ones mapped to their bind port', () => {
    assert.deepEqual(portMappings(INFRA), [
      { port: 53, bindPort: 10053, protocol: 'UDP' }, { port: 80, bindPort: 10080, protocol: 'TCP' },
      { port: 443, bindPort: 10443, protocol: 'TCP' }, { port: 8080, bindPort: 8080, protocol: 'TCP' },
    ]);
    const { service, deployment } = proxyObjects(INFRA, OWNER, SETTINGS, 'abc');
    assert.deepEqual(service?.spec.ports, [
      { name: 'udp-53', protocol: 'UDP', port: 53, targetPort: 10053 }, { name: 'tcp-80', protocol: 'TCP', port: 80, targetPort: 10080 },
      { name: 'tcp-443', protocol: 'TCP', port: 443, targetPort: 10443 }, { name: 'tcp-8080', protocol: 'TCP', port: 8080, targetPort: 8080 },
    ]);
    assert.equal(service?.spec.type, 'LoadBalancer');
    assert.equal(service?.spec.loadBalancerIP, undefined, 'no address asked for');
    assert.equal(proxyObjects({ ...INFRA, requestedAddresses: ['127.33.0.9', '127.33.0.10'] }, OWNER, SETTINGS).service?.spec.loadBalancerIP, '127.33.0.9', 'the first requested address');
    assert.equal(proxyObjects({ ...INFRA, requestedAddresses: ['127.33.0.9'] }, OWNER, { ...SETTINGS, serviceType: 'ClusterIP' }).service?.spec.loadBalancerIP, undefined, 'only a LoadBalancer asks');
    assert.equal(proxyObjects({ ...INFRA, clusterOnly: true }, OWNER, SETTINGS).service?.spec.type, 'ClusterIP', 'a Gateway asking only for routability Cluster');
    assert.deepEqual(deployment.spec.template.spec.containers[0]!.ports?.map((p) => `${p.containerPort}/${p.protocol}`), ['8080/TCP', '10053/UDP', '10080/TCP', '10443/TCP', '19001/TCP', '19002/TCP']);
  });

  test('the pods\' metrics port: a named container port with the scrape annotations, not on the Gateway\'s Service; configurable, or off', () => {
    const { service, deployment } = proxyObjects(INFRA, OWNER, SETTINGS);
    const pod = deployment.spec.template;
    assert.deepEqual(pod.spec.containers[0]!.ports?.find((p) => p.name === 'metrics'), { name: 'metrics', containerPort: 19002, protocol: 'TCP' });
    assert.equal(pod.metadata.annotations?.['prometheus.io/scrape'], 'true');
    assert.equal(pod.metadata.annotations?.['prometheus.io/port'], '19002');
    assert.equal(pod.metadata.annotations?.['prometheus.io/path'], '/stats/prometheus');
    assert.ok(!service?.spec.ports?.some((p) => p.port === 19002), 'the Gateway\'s (public) Service does not expose it');
    const listeners = (b: Record<string, unknown>): { name: string; address: { socket_address: { address: string; port_value: number } } }[] =>
      (b.static_resources as { listeners: { name: string; address: { socket_address: { address: string; port_value: number } } }[] }).listeners;
    assert.deepEqual(listeners(proxyBootstrap(INFRA, SETTINGS)).map((l) => `${l.name} ${l.address.socket_address.address}:${l.address.socket_address.port_value}`),
      ['envoy_ready 0.0.0.0:19001', 'envoy_metrics 0.0.0.0:19002']);

    const moved = proxyObjects(INFRA, OWNER, { ...SETTINGS, metricsPort: 19100 }).deployment.spec.template;
    assert.equal(moved.spec.containers[0]!.ports?.find((p) => p.name === 'metrics')?.containerPort, 19100);
    const off = proxyObjects(INFRA, OWNER, { ...SETTINGS, metricsPort: 0 }).deployment.spec.template;
    assert.equal(off.spec.containers[0]!.ports?.find((p) => p.name === 'metrics'), undefined);
    assert.equal(off.metadata.annotations?.['prometheus.io/scrape'], undefined);
    assert.deepEqual(listeners(proxyBootstrap(INFRA, { ...SETTINGS, metricsPort: 0 })).map((l) => l.name), ['envoy_ready']);
    const byProxyConfig = proxyObjects({ ...INFRA, proxy: { metrics: { enabled: false } } }, OWNER, SETTINGS).deployment.spec.template;
    assert.equal(byProxyConfig.spec.containers[0]!.ports?.find((p) => p.name === 'metrics'), undefined, 'a ProxyConfig turns it off');
  });

  test('a Gateway\'s proxy settings (ProxyConfig) win over Pier\'s: replicas, resources, log level, concurrency, metrics port, stats', () => {
    const infra: InfraIR = { ...INFRA, proxy: { replicas: 3, resources: { requests: { cpu: '100m' }, limits: { memory: '256Mi' } }, logLevel: 'debug', concurrency: 2, metrics: { port: 19200 }, stats: { inclusionPrefixes: ['http.'], tags: [{ name: 'team', value: 'web' }] } } };
    const { deployment, configMap } = proxyObjects(infra, OWNER, SETTINGS);
    const container = deployment.spec.template.spec.containers[0]!;
    assert.equal(deployment.spec.replicas, 3);
    assert.deepEqual(container.resources, { requests: { cpu: '100m' }, limits: { memory: '256Mi' } });
    assert.deepEqual(container.args?.slice(container.args.indexOf('--log-level'), container.args.indexOf('--log-level') + 2), ['--log-level', 'debug']);
    assert.deepEqual(container.args?.slice(container.args.indexOf('--concurrency'), container.args.indexOf('--concurrency') + 2), ['--concurrency', '2']);
    assert.equal(container.ports?.find((p) => p.name === 'metrics')?.containerPort, 19200);
    const bootstrap = JSON.parse(configMap.data!['envoy.json']!) as { stats_config?: unknown };
    assert.deepEqual(bootstrap.stats_config, { stats_tags: [{ tag_name: 'team', fixed_value: 'web' }], stats_matcher: { inclusion_list: { patterns: [{ prefix: 'http.' }] } } });
    assert.equal(proxyObjects(INFRA, OWNER, SETTINGS).deployment.spec.template.spec.containers[0]!.resources, undefined, 'none without a ProxyConfig');
  });

  test('the Deployment runs the configured number of Envoy replicas (gatewayReplicas)', () => {
    assert.equal(proxyObjects(INFRA, OWNER, SETTINGS).deployment.spec.replicas, 1);
    assert.equal(proxyObjects(INFRA, OWNER, { ...SETTINGS, replicas: 3 }).deployment.spec.replicas, 3);
  });

  test('every object is owned by the Gateway and labelled for it; infrastructure labels and annotations propagate, Pier\'s labels win', () => {
    const objects = proxyObjects(INFRA, OWNER, SETTINGS, 'abc');
    const secret = xdsSecret(INFRA, OWNER, { caPem: 'CA', certPem: 'CERT', keyPem: 'KEY' });
    for (const obj of [objects.serviceAccount, objects.configMap, objects.service!, objects.deployment, secret]) {
      assert.deepEqual(obj.metadata.ownerReferences, [{ apiVersion: 'gateway.networking.k8s.io/v1', kind: 'Gateway', name: 'edge', uid: '1234', controller: true }], obj.kind);
      assert.equal(obj.metadata.namespace, 'apps');
      assert.equal(obj.metadata.name, 'pier-edge');
      assert.equal(obj.metadata.labels?.['gateway.networking.k8s.io/gateway-name'], 'edge');
      assert.equal(obj.metadata.labels?.['app.kubernetes.io/managed-by'], 'pier', 'Pier\'s label wins');
      assert.equal(obj.metadata.labels?.team, 'web');
      assert.equal(obj.metadata.annotations?.['example.com/owner'], 'web-team');
      assert.equal(obj.metadata.annotations?.['gateway.pier.dev/gateway'], 'apps/edge');
    }
    const pod = objects.deployment.spec.template;
    assert.equal(pod.metadata.labels?.team, 'web');
    assert.equal(pod.metadata.annotations?.['example.com/owner'], 'web-team');
    assert.equal(pod.metadata.annotations?.['gateway.pier.dev/certificate-hash'], 'abc');
    assert.deepEqual(objects.deployment.spec.selector.matchLabels, objects.service?.spec.selector);
    assert.equal(objects.serviceAccount.automountServiceAccountToken, false);
    const container = pod.spec.containers[0]!;
    assert.deepEqual(container.args?.slice(0, 4), ['-c', '/etc/envoy/envoy.json', '--service-node', '$(POD_NAME)']);
    assert.equal(container.securityContext?.runAsNonRoot, true);
  });

  test('the Secret holds the material; its digest leaves the key out; the material reads back', () => {
    const secret = xdsSecret(INFRA, OWNER, { caPem: 'CA', certPem: 'CERT', keyPem: 'KEY-1' });
    const sameCertOtherKey = xdsSecret(INFRA, OWNER, { caPem: 'CA', certPem: 'CERT', keyPem: 'KEY-2' });
    assert.equal(secret.type, 'gateway.pier.dev/xds-client-tls');
    assert.deepEqual(xdsSecretMaterial(secret), { caPem: 'CA', certPem: 'CERT', keyPem: 'KEY-1' });
    assert.equal(secret.metadata.annotations?.[APPLIED_HASH_ANNOTATION], sameCertOtherKey.metadata.annotations?.[APPLIED_HASH_ANNOTATION]);
    assert.ok(!JSON.stringify(secret.metadata).includes('KEY-1'));
  });

  test('the applied digest changes with the content only', () => {
    const a = withAppliedHash(proxyObjects(INFRA, OWNER, SETTINGS).configMap);
    const b = withAppliedHash(proxyObjects(INFRA, OWNER, SETTINGS).configMap);
    const c = withAppliedHash(proxyObjects(INFRA, OWNER, { ...SETTINGS, xdsPort: 18001 }).configMap);
    assert.ok(isApplied(a, b));
    assert.ok(!isApplied(a, c));
    // What the API server adds does not matter.
    assert.ok(isApplied({ metadata: { ...a.metadata, resourceVersion: '7', uid: 'u' } }, b));
  });

  test('the bootstrap passes envoy --mode validate with the container\'s own arguments (mTLS to Pier, readiness and metrics listeners, stats settings, admin on loopback)', () => {
    const envoy = requireEnvoy();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-kinfra-bootstrap-'));
    try {
      const settings = { ...SETTINGS, tls: false, xdsHost: '127.0.0.1', logLevel: 'error' };
      const bootstrap = proxyBootstrap({ ...INFRA, proxy: { stats: { inclusionPrefixes: ['http.', 'cluster.'], tags: [{ name: 'team', value: 'web' }] } } }, settings);
      const admin = (bootstrap.admin as { address: { socket_address: { address: string } } }).address.socket_address.address;
      assert.equal(admin, '127.0.0.1');
      const file = path.join(dir, 'envoy.json');
      writeFileSync(file, JSON.stringify(bootstrap));
      // What the pod runs, with the mounted file and the pod name Kubernetes would put in.
      const args = proxyObjects(INFRA, OWNER, settings).deployment.spec?.template.spec?.containers[0]?.args ?? [];
      assert.ok(args.includes('--ignore-unknown-dynamic-fields'));
      const local = args.map((a) => (a === '/etc/envoy/envoy.json' ? file : a === '$(POD_NAME)' ? 'pod-1' : a));
      execFileSync(envoy, ['--mode', 'validate', ...local], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Kubernetes infrastructure state', () => {
  const service = (type: Service['spec']['type'], ingress?: { ip?: string; hostname?: string }[]): Service => ({
    apiVersion: 'v1', kind: 'Service', metadata: { name: 'pier-edge', namespace: 'apps' },
    spec: { type, clusterIP: '10.0.0.7', clusterIPs: ['10.0.0.7'] }, ...(ingress ? { status: { loadBalancer: { ingress } } } : {}),
  });
  const deployment = (available: number): Deployment => ({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'pier-edge', namespace: 'apps' },
    spec: { replicas: 1, selector: { matchLabels: {} }, template: { metadata: {}, spec: { containers: [] } } }, status: { availableReplicas: available },
  });

  test('Pending until the Deployment exists and has an available replica', () => {
    assert.equal(gatewayInfraState('apps/pier-edge', undefined, undefined).programmed?.reason, 'Pending');
    const zero = gatewayInfraState('apps/pier-edge', service('LoadBalancer'), deployment(0));
    assert.deepEqual(zero.programmed, { ok: false, reason: 'Pending', message: 'the Deployment apps/pier-edge has 0 of 1 proxy replicas available' });
  });

  test('AddressNotAssigned while the LoadBalancer has no ingress; then its IPs and hostnames, in order', () => {
    assert.equal(gatewayInfraState('apps/pier-edge', service('LoadBalancer'), deployment(1)).programmed?.reason, 'AddressNotAssigned');
    const ready = gatewayInfraState('apps/pier-edge', service('LoadBalancer', [{ ip: '198.18.0.1' }, { hostname: 'lb.example.com' }]), deployment(1));
    assert.deepEqual(ready, {
      bindAddress: '0.0.0.0',
      addresses: [{ type: 'IPAddress', value: '198.18.0.1', routability: '' }, { type: 'Hostname', value: 'lb.example.com', routability: '' }],
      clusterAddresses: ['10.0.0.7'],
    });
  });

  test('spec.addresses: outside the pool, more than one, not what the load balancer gave, or on a non-LoadBalancer Service: AddressNotUsable', () => {
    const pool = parseAddressPool('127.33.0.0/16');
    const lb = (addresses: string[], withPool = true): { addresses: string[]; pool?: typeof pool; serviceType: 'LoadBalancer' } => ({ addresses, serviceType: 'LoadBalancer', ...(withPool ? { pool } : {}) });
    const state = (svc: Service | undefined, requested: Parameters<typeof gatewayInfraState>[3]): ReturnType<typeof gatewayInfraState> =>
      gatewayInfraState('apps/pier-edge', svc, deployment(1), requested);
    const outside = state(service('LoadBalancer'), lb(['192.0.2.7', '127.33.255.7']));
    assert.deepEqual(outside.programmed, { ok: false, reason: 'AddressNotUsable', message: 'spec.addresses 192.0.2.7: not in the load balancer\'s address pool (gatewayAddressPool)' });
    assert.match(state(service('LoadBalancer'), lb(['127.33.0.9', '127.33.0.10'])).programmed?.message ?? '', /127\.33\.0\.10: a Gateway's Service asks its load balancer for one address \(127\.33\.0\.9\)/);
    assert.match(state(service('LoadBalancer', [{ ip: '127.33.0.1' }]), lb(['127.33.0.9'], false)).programmed?.message ?? '', /127\.33\.0\.9: the load balancer assigned 127\.33\.0\.1 instead/);
    assert.equal(state(service('ClusterIP'), { addresses: ['10.0.0.9'], serviceType: 'ClusterIP' }).programmed?.reason, 'AddressNotUsable');
    // Asked for and not given yet: waiting, not unusable.
    const waiting = state(service('LoadBalancer'), lb(['127.33.255.7']));
    assert.equal(waiting.programmed?.reason, 'AddressNotAssigned');
    assert.deepEqual(state(service('LoadBalancer', [{ ip: '127.33.255.7' }]), lb(['127.33.255.7'])),
      { bindAddress: '0.0.0.0', addresses: [{ type: 'IPAddress', value: '127.33.255.7', routability: '' }], clusterAddresses: ['10.0.0.7'] });
    // Asking for none: as before.
    assert.deepEqual(state(service('LoadBalancer', [{ ip: '127.33.0.1' }]), lb([])).programmed, undefined);
  });

  test('a ClusterIP or NodePort Service reports its cluster IPs, with routability Cluster (GEP-5093)', () => {
    for (const type of ['ClusterIP', 'NodePort'] as const) {
      const state = gatewayInfraState('apps/pier-edge', service(type), deployment(1));
      assert.deepEqual(state.addresses, [{ type: 'IPAddress', value: '10.0.0.7', routability: 'Cluster' }]);
      assert.deepEqual(state.clusterAddresses, ['10.0.0.7']);
    }
  });

  test('a Gateway asking only for routability Cluster gets a ClusterIP Service, whatever Pier\'s setting', () => {
    assert.equal(gatewayServiceType({ clusterOnly: true }, { serviceType: 'LoadBalancer' }), 'ClusterIP');
    assert.equal(gatewayServiceType({}, { serviceType: 'LoadBalancer' }), 'LoadBalancer');
    assert.equal(gatewayServiceType({}, { serviceType: 'NodePort' }), 'NodePort');
  });
});
