/** A real grpcurl against Pier's xDS port: reflection lists the services, health answers. */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { requireGrpcurl } from '../helpers/tools';
import { PierProcess } from '../helpers/pier';
import { testData } from '../helpers/paths';

const run = promisify(execFile);

describe('grpcurl against the xDS server', () => {
  let pier: PierProcess;
  let grpcurl: string;

  before(async () => {
    grpcurl = requireGrpcurl();
    pier = await PierProcess.start({ config: { resources: testData('..', 'examples', 'quickstart'), envoy: 'off' } });
  });

  after(async () => {
    assert.equal(await pier?.stop(), 0);
  });

  test('list shows the discovery, health and reflection services', async () => {
    const { stdout } = await run(grpcurl, ['-plaintext', `127.0.0.1:${pier.xdsPort}`, 'list'], { timeout: 10_000 });
    const services = stdout.trim().split('\n');
    for (const s of [
      'envoy.service.discovery.v3.AggregatedDiscoveryService',
      'envoy.service.listener.v3.ListenerDiscoveryService',
      'envoy.service.cluster.v3.ClusterDiscoveryService',
      'grpc.health.v1.Health',
    ]) assert.ok(services.includes(s), `${s} listed in:\n${stdout}`);
  });

  test('describe shows the ADS methods', async () => {
    const { stdout } = await run(grpcurl, ['-plaintext', `127.0.0.1:${pier.xdsPort}`, 'describe', 'envoy.service.discovery.v3.AggregatedDiscoveryService'], { timeout: 10_000 });
    assert.match(stdout, /StreamAggregatedResources/);
    assert.match(stdout, /DeltaAggregatedResources/);
  });

  test('health check answers SERVING', async () => {
    const { stdout } = await run(grpcurl, ['-plaintext', `127.0.0.1:${pier.xdsPort}`, 'grpc.health.v1.Health/Check'], { timeout: 10_000 });
    assert.equal(JSON.parse(stdout).status, 'SERVING');
  });
});
