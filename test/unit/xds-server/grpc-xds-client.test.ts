/**
 * Interop with a real xDS client: gRPC's own (@grpc/grpc-js-xds) resolves "xds:///health"
 * through Pier's ADS server (SotW: LDS by name, RDS, CDS, EDS, each ACKed) and calls
 * grpc.health.v1.Health on the endpoint it was given, which is the xDS server itself.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { HEALTH_SERVICE } from '../../../src/xds/server';
import { TypeUrl, typedConfig, type Cluster, type ClusterLoadAssignment, type Listener, type RouteConfiguration, type XdsResources } from '../../../src/xds/types';
import { currentVersionFor } from '../../helpers/xds-versions';
import { eventually, startHarness } from './harness';

const GW = 'default/grpc';
const TARGET = 'health';

function grpcResources(port: number, valid = true): XdsResources {
  const router = { name: 'router', typed_config: typedConfig('envoy.extensions.filters.http.router.v3.Router', {}) };
  const listener = {
    name: TARGET,
    api_listener: {
      api_listener: typedConfig('envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager', {
        // gRPC only takes routes over ADS (or "self"): a bare config source provokes a NACK.
        rds: { route_config_name: 'health-routes', config_source: valid ? { ads: {}, resource_api_version: 'V3' } : { resource_api_version: 'V3' } },
        http_filters: [router],
      }),
    },
  } as Listener;
  const route: RouteConfiguration = {
    name: 'health-routes',
    virtual_hosts: [{ name: 'all', domains: ['*'], routes: [{ match: { prefix: '' }, route: { cluster: 'health-cluster' } }] }],
  };
  const cluster = {
    name: 'health-cluster', type: 'EDS', lb_policy: 'ROUND_ROBIN',
    eds_cluster_config: { eds_config: { ads: {}, resource_api_version: 'V3' } },
  } as Cluster;
  const endpoints: ClusterLoadAssignment = {
    cluster_name: 'health-cluster',
    endpoints: [{
      locality: { region: 'local' },
      load_balancing_weight: { value: 1 },
      lb_endpoints: [{ endpoint: { address: { socket_address: { address: '127.0.0.1', port_value: port } } } }],
    }],
  };
  return { gateway: GW, listeners: [listener], routes: [route], clusters: [cluster], endpoints: [endpoints], secrets: [] };
}

type HealthClient = grpc.Client & {
  Check(req: { service: string }, opts: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res?: { status?: string }) => void): void;
};

test('gRPC\'s xDS client resolves through the ADS server, ACKs everything, and a NACK is not resent', { timeout: 30_000 }, async () => {
  const h = await startHarness();
  process.env.GRPC_XDS_BOOTSTRAP_CONFIG = JSON.stringify({
    xds_servers: [{ server_uri: h.address, channel_creds: [{ type: 'insecure' }], server_features: ['xds_v3'] }],
    node: { id: 'grpc-interop', cluster: GW, locality: {} },
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('@grpc/grpc-js-xds') as { register(): void }).register();
  const definition = protoLoader.loadSync(healthProtoPath, { keepCase: true, enums: String });
  const Ctor = grpc.makeClientConstructor(definition[HEALTH_SERVICE] as grpc.ServiceDefinition, HEALTH_SERVICE);
  const client = new Ctor(`xds:///${TARGET}`, grpc.credentials.createInsecure()) as unknown as HealthClient;
  try {
    h.cache.setResources(GW, grpcResources(h.port));
    const status = await new Promise<string>((resolve, reject) => {
      client.Check({ service: '' }, { deadline: Date.now() + 5000 }, (err, res) => (err ? reject(err) : resolve(res?.status ?? '')));
    });
    assert.equal(status, 'SERVING');

    const types = [TypeUrl.Cluster, TypeUrl.ClusterLoadAssignment, TypeUrl.Listener, TypeUrl.RouteConfiguration];
    await eventually(() => {
      const proxy = h.registry.list().find((p) => p.nodeId === 'grpc-interop');
      return types.every((t) => proxy?.types.find((s) => s.typeUrl === t)?.ackedVersion === currentVersionFor(h.cache, h.registry, GW, 'grpc-interop', t));
    }, 5000, 'every type ACKed at the current version');
    const proxy = h.registry.list().find((p) => p.nodeId === 'grpc-interop');
    assert.equal(proxy?.cluster, GW);
    assert.ok(proxy?.types.every((t) => t.lastNack === undefined));

    // A listener gRPC cannot use: it NACKs, and the server waits for a newer version.
    h.cache.setResources(GW, grpcResources(h.port, false));
    const lds = () => h.registry.list().find((p) => p.nodeId === 'grpc-interop')?.types.find((t) => t.typeUrl === TypeUrl.Listener);
    await eventually(() => lds()?.lastNack !== undefined, 5000, 'the NACK');
    const nack = lds()?.lastNack;
    assert.ok(nack?.message);
    const sentNonce = lds()?.sentNonce;
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(lds()?.sentNonce, sentNonce, 'the rejected listener was not sent again');

    h.cache.setResources(GW, grpcResources(h.port));
    await eventually(() => lds()?.ackedVersion === h.cache.snapshot(GW)?.types.get(TypeUrl.Listener)?.version, 5000, 'the fixed listener ACKed');
  } finally {
    client.close();
    await h.close();
  }
});
