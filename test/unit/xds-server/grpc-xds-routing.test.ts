/**
 * Routing with a real xDS client: gRPC's proxyless client (@grpc/grpc-js-xds) resolves an
 * xds:/// target through Pier (LDS api_listener, RDS, CDS, EDS) to one of two loopback gRPC
 * backends; a route change alone (both clusters stay) moves its calls to the other backend.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import { TypeUrl, typedConfig, type Cluster, type ClusterLoadAssignment, type Listener, type RouteConfiguration, type XdsResources } from '../../../src/xds/types';
import { currentVersionFor } from '../../helpers/xds-versions';
import { eventually, startHarness } from './harness';

const GW = 'default/grpc-routing';
const TARGET = 'whoami';
const ROUTES = 'whoami-routes';
const CALL_DEADLINE_MS = 3000;
const MOVE_BUDGET_MS = 5000;

/** A one-method service over raw bytes: the answer is the name of the backend that served it. */
const WHO_SERVICE: grpc.ServiceDefinition = {
  Name: {
    path: '/pier.test.Who/Name',
    requestStream: false,
    responseStream: false,
    requestSerialize: (b: Buffer) => b,
    requestDeserialize: (b: Buffer) => b,
    responseSerialize: (b: Buffer) => b,
    responseDeserialize: (b: Buffer) => b,
  },
};

type WhoClient = grpc.Client & {
  Name(req: Buffer, opts: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res?: Buffer) => void): void;
};

async function startBackend(name: string): Promise<{ server: grpc.Server; port: number }> {
  const server = new grpc.Server();
  server.addService(WHO_SERVICE, {
    Name: (_call: grpc.ServerUnaryCall<Buffer, Buffer>, cb: grpc.sendUnaryData<Buffer>) => cb(null, Buffer.from(name)),
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p)));
  });
  return { server, port };
}

function edsCluster(name: string): Cluster {
  return { name, type: 'EDS', lb_policy: 'ROUND_ROBIN', eds_cluster_config: { eds_config: { ads: {}, resource_api_version: 'V3' } } } as Cluster;
}

function loopbackEndpoints(clusterName: string, port: number): ClusterLoadAssignment {
  return {
    cluster_name: clusterName,
    endpoints: [{
      locality: { region: 'local' },
      load_balancing_weight: { value: 1 },
      lb_endpoints: [{ endpoint: { address: { socket_address: { address: '127.0.0.1', port_value: port } } } }],
    }],
  };
}

function routingResources(ports: { a: number; b: number }, routeTo: 'backend-a' | 'backend-b'): XdsResources {
  const listener = {
    name: TARGET,
    api_listener: {
      api_listener: typedConfig('envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager', {
        rds: { route_config_name: ROUTES, config_source: { ads: {}, resource_api_version: 'V3' } },
        http_filters: [{ name: 'router', typed_config: typedConfig('envoy.extensions.filters.http.router.v3.Router', {}) }],
      }),
    },
  } as Listener;
  const route: RouteConfiguration = {
    name: ROUTES,
    virtual_hosts: [{ name: 'all', domains: ['*'], routes: [{ match: { prefix: '' }, route: { cluster: routeTo } }] }],
  };
  return {
    gateway: GW,
    listeners: [listener],
    routes: [route],
    clusters: [edsCluster('backend-a'), edsCluster('backend-b')],
    endpoints: [loopbackEndpoints('backend-a', ports.a), loopbackEndpoints('backend-b', ports.b)],
    secrets: [],
  };
}

function callName(client: WhoClient): Promise<string> {
  return new Promise((resolve, reject) => {
    client.Name(Buffer.alloc(0), { deadline: Date.now() + CALL_DEADLINE_MS }, (err, res) => (err ? reject(err) : resolve(res?.toString() ?? '')));
  });
}

test('gRPC\'s xDS client follows a route change from one cluster to the other', { timeout: 30_000 }, async (t) => {
  const h = await startHarness();
  const a = await startBackend('a');
  const b = await startBackend('b');
  process.env.GRPC_XDS_BOOTSTRAP_CONFIG = JSON.stringify({
    xds_servers: [{ server_uri: h.address, channel_creds: [{ type: 'insecure' }], server_features: ['xds_v3'] }],
    node: { id: 'grpc-routing', cluster: GW, locality: {} },
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('@grpc/grpc-js-xds') as { register(): void }).register();
  const Ctor = grpc.makeGenericClientConstructor(WHO_SERVICE, 'pier.test.Who');
  const client = new Ctor(`xds:///${TARGET}`, grpc.credentials.createInsecure()) as unknown as WhoClient;
  const ports = { a: a.port, b: b.port };
  const proxyType = (typeUrl: string) => h.registry.list().find((p) => p.nodeId === 'grpc-routing')?.types.find((s) => s.typeUrl === typeUrl);
  try {
    h.cache.setResources(GW, routingResources(ports, 'backend-a'));
    assert.equal(await callName(client), 'a');
    for (let i = 0; i < 5; i++) assert.equal(await callName(client), 'a', 'the route sends every call to backend-a');

    const allTypes = [TypeUrl.Cluster, TypeUrl.ClusterLoadAssignment, TypeUrl.Listener, TypeUrl.RouteConfiguration];
    // gRPC subscribes CDS and EDS by name (the clusters its routes use), so its versions are
    // those of the subsets it was sent: "ACKed" means it answered the latest response with an ACK.
    const acked = (typeUrl: string) => {
      const s = proxyType(typeUrl);
      return s !== undefined && !s.awaitingAck && s.sentVersion !== undefined && s.ackedVersion === s.sentVersion && s.lastNack === undefined;
    };
    await eventually(() => allTypes.every(acked), 5000, 'every type ACKed');
    const sentBefore = new Map(allTypes.map((typeUrl) => [typeUrl, proxyType(typeUrl)?.sentNonce]));

    // Only the RouteConfiguration changes: both clusters and their endpoints stay as they are.
    const started = Date.now();
    assert.equal(h.cache.setResources(GW, routingResources(ports, 'backend-b')), true);
    let answer = '';
    let calls = 0;
    while (answer !== 'b') {
      assert.ok(Date.now() - started < MOVE_BUDGET_MS, `calls still reach ${answer} ${MOVE_BUDGET_MS} ms after the route change`);
      answer = await callName(client);
      calls++;
      if (answer !== 'b') await new Promise((r) => setTimeout(r, 20));
    }
    const movedMs = Date.now() - started;
    for (let i = 0; i < 10; i++) assert.equal(await callName(client), 'b', 'once moved, calls stay on backend-b');

    await eventually(() => acked(TypeUrl.RouteConfiguration)
      && proxyType(TypeUrl.RouteConfiguration)?.ackedVersion === currentVersionFor(h.cache, h.registry, GW, 'grpc-routing', TypeUrl.RouteConfiguration), 5000, 'the new route ACKed');
    await eventually(() => allTypes.every(acked), 5000, 'every type ACKed after the route change');
    // The listener did not change: it is not sent again (clusters may be, since gRPC now
    // subscribes to backend-b by name).
    assert.equal(proxyType(TypeUrl.Listener)?.sentNonce, sentBefore.get(TypeUrl.Listener), 'the unchanged listener was not sent again');
    assert.notEqual(proxyType(TypeUrl.RouteConfiguration)?.sentNonce, sentBefore.get(TypeUrl.RouteConfiguration));
    t.diagnostic(`route change reached gRPC calls in ${movedMs} ms (${calls} call(s))`);

    // And back: the route alone moves the calls again.
    h.cache.setResources(GW, routingResources(ports, 'backend-a'));
    const back = Date.now();
    answer = '';
    while (answer !== 'a') {
      assert.ok(Date.now() - back < MOVE_BUDGET_MS, `calls still reach ${answer} ${MOVE_BUDGET_MS} ms after moving back`);
      answer = await callName(client);
      if (answer !== 'a') await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    client.close();
    await h.close();
    a.server.forceShutdown();
    b.server.forceShutdown();
  }
});
