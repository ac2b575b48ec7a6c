import { createLogger } from '../../../src/logging/logger';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import * as path from 'node:path';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { ADS_SERVICE, HEALTH_SERVICE, PER_TYPE_SERVICES } from '../../../src/xds/server';
import { basicGateway } from '../xds-cache/fixtures';
import { CDS, SotwClient, WAIT_MS, makeNode, namesOf, startHarness } from './harness';
import { PROTO_DIR } from '../../../src/xds/proto';

const LOAD_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: false, oneofs: true };

function serviceClient(address: string, file: string, service: string): unknown {
  const definition = protoLoader.loadSync(file, LOAD_OPTIONS);
  const Ctor = grpc.makeClientConstructor(definition[service] as grpc.ServiceDefinition, service);
  return new Ctor(address, grpc.credentials.createInsecure());
}

type HealthClient = grpc.Client & { Check(req: { service: string }, opts: grpc.CallOptions, cb: (err: grpc.ServiceError | null, res?: { status?: string }) => void): void };

function check(client: HealthClient, service: string): Promise<string> {
  return new Promise((resolve, reject) => {
    client.Check({ service }, { deadline: Date.now() + WAIT_MS }, (err, res) => (err ? reject(err) : resolve(res?.status ?? '')));
  });
}

test('gRPC health reports SERVING for the server and the ADS service', async () => {
  const h = await startHarness();
  const health = serviceClient(h.address, healthProtoPath, HEALTH_SERVICE) as HealthClient;
  try {
    assert.equal(await check(health, ''), 'SERVING');
    assert.equal(await check(health, ADS_SERVICE), 'SERVING');
  } finally {
    health.close();
    await h.close();
  }
});

test('server reflection lists the discovery services and health', async () => {
  const h = await startHarness();
  const reflectionProto = path.join(PROTO_DIR, 'grpc', 'reflection', 'v1', 'reflection.proto');
  const reflection = serviceClient(h.address, reflectionProto, 'grpc.reflection.v1.ServerReflection') as grpc.Client & {
    ServerReflectionInfo(opts: grpc.CallOptions): grpc.ClientDuplexStream<object, { list_services_response?: { service?: Array<{ name?: string }> } }>;
  };
  try {
    const call = reflection.ServerReflectionInfo({ deadline: Date.now() + WAIT_MS });
    const services = await new Promise<string[]>((resolve, reject) => {
      call.on('data', (res) => {
        resolve((res.list_services_response?.service ?? []).map((s: { name?: string }) => s.name ?? ''));
        call.end();
      });
      call.on('error', reject);
      call.write({ host: '', list_services: '*' });
    });
    for (const expected of [ADS_SERVICE, HEALTH_SERVICE, ...PER_TYPE_SERVICES.map((s) => s.name)]) {
      assert.ok(services.includes(expected), `${expected} listed in ${services.join(', ')}`);
    }
  } finally {
    reflection.close();
    await h.close();
  }
});

test('shutdown ends open streams cleanly (status OK) within the grace period', async () => {
  const messages: string[] = [];
  const logger = createLogger({ level: 'info', format: 'json', destination: { write: (line: string) => { messages.push((JSON.parse(line) as { msg: string }).msg); } } });
  const h = await startHarness({ logger });
  const gw = 'default/eg';
  h.cache.setResources(gw, basicGateway(gw));
  const c = new SotwClient(h.address, makeNode(gw));
  try {
    c.request(CDS);
    assert.deepEqual(namesOf(await c.next()), ['c1']);
    await h.server.shutdown(2000);
    const status = await c.inbox.status();
    assert.ok('code' in status, 'ended with a status');
    assert.equal(status.code, grpc.status.OK);
    // Ended by the clean path, not by the grace period's forced shutdown.
    assert.ok(messages.includes('xDS server stopped'), messages.join(', '));
    assert.ok(!messages.includes('xDS server forced shutdown after grace period'), 'did not need the forced shutdown');
    assert.equal(h.server.streamCount, 0);
    assert.equal(h.registry.size, 0);
  } finally {
    c.close();
    await h.close();
  }
});
