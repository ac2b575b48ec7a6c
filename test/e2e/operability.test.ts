/**
 * Operability against a real Pier and a real Envoy that ACKs most of its Gateway and NACKs one
 * listener (see operability/fixture.ts): /metrics read with Prometheus' own text parser.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { containsPrivateKey } from '../../src/security/redact';
import { httpRequest } from '../helpers/net';
import { parsePrometheusText, samplesOf, type PromFamily } from '../helpers/prometheus';
import { OPS_GATEWAY, startOpsFixture, type OpsFixture } from './operability/fixture';

describe('operability with a real Envoy (ACKs and a NACK)', () => {
  let ops: OpsFixture;

  before(async () => {
    ops = await startOpsFixture();
  });

  after(async () => {
    assert.equal(await ops?.stop(), 0);
  });

  describe('/metrics', () => {
    let text: string;
    let families: PromFamily[];
    const value = (name: string, labels: Record<string, string> = {}): number =>
      samplesOf(families, name, labels).reduce((sum, s) => sum + (s.value ?? 0), 0);
    const count = (name: string, labels: Record<string, string> = {}): number =>
      samplesOf(families, name, labels).reduce((sum, s) => sum + (s.count ?? 0), 0);

    before(async () => {
      const r = await httpRequest(`http://127.0.0.1:${ops.pier.adminPort}/metrics`);
      assert.equal(r.status, 200);
      assert.match(String(r.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      text = r.body;
      families = parsePrometheusText(text);
    });

    test('every family is pier_-prefixed; counters end in _total; durations are in seconds', () => {
      assert.ok(families.length > 20, `${families.length} families`);
      for (const f of families) {
        assert.match(f.name, /^pier_/, f.name);
        assert.ok(f.help.length > 0, `${f.name} has help`);
        if (f.type === 'COUNTER') assert.match(f.name, /_total$/, f.name);
        if (f.name.includes('duration') || f.name.includes('latency')) assert.match(f.name, /_seconds$/, f.name);
      }
    });

    test('the connected Envoy is counted by Gateway and protocol', () => {
      assert.equal(value('pier_xds_connected_proxies', { gateway: OPS_GATEWAY, protocol: 'delta' }), 1);
      assert.ok(value('pier_xds_connections_total', { protocol: 'delta' }) >= 1);
    });

    test('pushes, ACKs by type and Gateway, the NACK of the clashing listener, and push-to-ACK latency', () => {
      for (const type of ['listener', 'route', 'cluster', 'endpoint', 'secret']) {
        assert.ok(value('pier_xds_pushes_total', { type }) >= 1, `${type} pushed`);
        assert.ok(value('pier_xds_pushed_resources_total', { type }) >= 1, `${type} resources pushed`);
      }
      for (const type of ['route', 'cluster', 'endpoint', 'secret']) {
        assert.ok(value('pier_xds_acks_total', { type, gateway: OPS_GATEWAY }) >= 1, `${type} ACKed`);
        assert.ok(count('pier_xds_push_ack_latency_seconds', { type }) >= 1, `${type} latency observed`);
      }
      assert.ok(value('pier_xds_nacks_total', { type: 'listener', gateway: OPS_GATEWAY }) >= 1, 'listener NACKed');
      assert.equal(value('pier_xds_nacks_total', { type: 'cluster', gateway: OPS_GATEWAY }), 0, 'no cluster NACK');
      const latency = samplesOf(families, 'pier_xds_push_ack_latency_seconds', { type: 'cluster' })[0];
      assert.equal(latency?.buckets?.['+Inf'], latency?.count, 'the +Inf bucket holds every observation');
    });

    test('translation durations, resources encoded, bus events, statuses, provider errors', () => {
      assert.ok(count('pier_gatewayapi_translation_duration_seconds') >= 1);
      assert.ok(count('pier_xds_translation_duration_seconds') >= 1);
      assert.ok(count('pier_endpoint_translation_duration_seconds') >= 1);
      assert.ok(value('pier_xds_resources_encoded_total') >= 5);
      assert.ok(value('pier_bus_events_total', { map: 'statuses' }) >= 3);
      assert.ok(value('pier_bus_events_total', { map: 'tables.gateways' }) >= 1);
      assert.ok(value('pier_status_writes_total') >= 3);
      assert.equal(value('pier_provider_errors'), 0);
    });

    test('Node process metrics and build info', () => {
      assert.ok(value('pier_process_resident_memory_bytes') > 0);
      assert.ok(samplesOf(families, 'pier_process_cpu_seconds_total').length === 1);
      assert.ok(samplesOf(families, 'pier_nodejs_heap_size_used_bytes').length === 1);
      assert.equal(samplesOf(families, 'pier_build_info')[0]?.value, 1);
    });

    test('no private key material, although the Gateway serves one over SDS', () => {
      assert.equal(containsPrivateKey(text), false);
      const keyBody = ops.planted.keyPem.split('\n')[1] ?? '';
      assert.ok(keyBody.length > 20);
      assert.ok(!text.includes(keyBody));
    });
  });
});
