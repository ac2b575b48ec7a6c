/**
 * BackendPolicy active gRPC health checks through the real `pier serve` CLI and a real Envoy: a
 * GRPCRoute to a Service of two endpoints (127.0.31.1 and .2, one port), each a gRPC server
 * (@grpc/grpc-js) with an echo service that names its endpoint and the grpc.health.v1 Health
 * service (the vendored health.proto). For the service the policy checks, 127.0.31.2 answers
 * NOT_SERVING: Envoy takes it out, and every call reaches 127.0.31.1. The probes are real
 * grpc.health.v1 Check calls: the endpoints count them, with the service name asked.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { LOADER_OPTIONS } from '../../src/xds/proto';
import type { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, waitFor } from '../helpers/net';
import { serviceAt, startPierAndEnvoy, stopPierAndEnvoy, tempDirs, type PierAndEnvoy } from './features/pier-envoy';
import { gateway, gatewayClass, manifest, route, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.130';
const ENDPOINTS = ['127.0.31.1', '127.0.31.2'];
const CHECKED_SERVICE = 'pier.e2e.Echo';
const READY_TIMEOUT_MS = 30_000;

const jsonCodec = {
  serialize: (value: unknown): Buffer => Buffer.from(JSON.stringify(value)),
  deserialize: (bytes: Buffer): unknown => JSON.parse(bytes.toString('utf8')),
};

const ECHO: grpc.ServiceDefinition = {
  Hello: {
    path: `/${CHECKED_SERVICE}/Hello`, requestStream: false, responseStream: false,
    requestSerialize: jsonCodec.serialize, requestDeserialize: jsonCodec.deserialize, responseSerialize: jsonCodec.serialize, responseDeserialize: jsonCodec.deserialize,
  },
};

function healthService(): grpc.ServiceDefinition {
  const definition = protoLoader.loadSync('grpc/health/v1/health.proto', LOADER_OPTIONS);
  const loaded = grpc.loadPackageDefinition(definition) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
  return loaded.grpc.health.v1.Health.service;
}

describe('BackendPolicy gRPC health checks through pier serve and real Envoy', { timeout: 180_000 }, () => {
  let run: PierAndEnvoy;
  let envoy: EnvoyProxy;
  let port: number;
  const servers = ENDPOINTS.map(() => new grpc.Server());
  /** Check calls each endpoint got, by the service name asked. */
  const checks = new Map<string, Map<string, number>>();

  const call = (): Promise<string> => {
    const client = new grpc.Client(`${GATEWAY_ADDRESS}:${port}`, grpc.credentials.createInsecure());
    return new Promise<string>((resolve, reject) => {
      client.makeUnaryRequest(`/${CHECKED_SERVICE}/Hello`, jsonCodec.serialize, (b: Buffer) => jsonCodec.deserialize(b) as { endpoint: string }, {}, new grpc.Metadata(),
        { deadline: Date.now() + 10_000 }, (err, reply) => (err || !reply ? reject(err ?? new Error('empty reply')) : resolve(reply.endpoint)));
    }).finally(() => client.close());
  };
  const stat = (name: string): Promise<number> => envoy.stat(`cluster.${NAMESPACE}/echo/80/h2c/backendpolicy/${NAMESPACE}/grpc-health.${name}`);

  before(async () => {
    requireEnvoy();
    run = tempDirs('backendpolicy-grpchc');
    port = await freePort(GATEWAY_ADDRESS);
    const endpointPort = await freePort(ENDPOINTS[0]);
    const health = healthService();
    await Promise.all(servers.map((server, i) => {
      const endpoint = ENDPOINTS[i]!;
      server.addService(ECHO, { Hello: (_call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => callback(null, { endpoint }) });
      server.addService(health, {
        Check: (c: grpc.ServerUnaryCall<{ service?: string }, unknown>, callback: grpc.sendUnaryData<unknown>) => {
          const service = c.request.service ?? '';
          const counts = checks.get(endpoint) ?? checks.set(endpoint, new Map()).get(endpoint)!;
          counts.set(service, (counts.get(service) ?? 0) + 1);
          callback(null, { status: service === CHECKED_SERVICE && endpoint === ENDPOINTS[1] ? 'NOT_SERVING' : 'SERVING' });
        },
        Watch: (c: grpc.ServerWritableStream<unknown, unknown>) => c.end(),
      });
      return new Promise<number>((resolve, reject) => server.bindAsync(`${endpoint}:${endpointPort}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
    }));
    writeFileSync(path.join(run.dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('grpc-hc', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...serviceAt('echo', ENDPOINTS, endpointPort),
      route('GRPCRoute', 'echo', 'grpc-hc', { rules: [{ backendRefs: [{ name: 'echo', port: 80 }] }] }),
      {
        apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'BackendPolicy',
        metadata: { name: 'grpc-health', namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
        spec: {
          targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'GRPCRoute', name: 'echo' }],
          healthCheck: { active: { type: 'GRPC', interval: '200ms', timeout: '1s', unhealthyThreshold: 1, healthyThreshold: 1, grpc: { service: CHECKED_SERVICE } } },
        },
      },
    ]));
    ({ envoy } = await startPierAndEnvoy(run, 'grpc-hc'));
    await waitFor('the policy\'s cluster with its two endpoints, and the listener', async () => {
      if ((await stat('membership_total').catch(() => undefined)) !== 2) return undefined;
      return (await call().catch(() => undefined)) !== undefined ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    const code = await stopPierAndEnvoy(run, []);
    for (const server of servers) server.forceShutdown();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the endpoint NOT_SERVING the checked service is taken out: every call reaches the other', async () => {
    await waitFor('one healthy endpoint', async () => ((await stat('membership_healthy')) === 1 && (await stat('health_check.failure')) >= 1 ? true : undefined), { timeoutMs: 15_000, intervalMs: 100 });
    const reached = new Set<string>();
    for (let i = 0; i < 20; i++) reached.add(await call());
    assert.deepEqual([...reached], [ENDPOINTS[0]]);
  });

  test('the probes are grpc.health.v1 Check calls for the configured service, at both endpoints', () => {
    for (const endpoint of ENDPOINTS) assert.ok((checks.get(endpoint)?.get(CHECKED_SERVICE) ?? 0) >= 1, `${endpoint}: ${JSON.stringify([...(checks.get(endpoint) ?? [])])}`);
  });
});
