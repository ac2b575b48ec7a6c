import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ProxyRegistry } from '../../../src/xds/server';
import { basicGateway } from '../xds-cache/fixtures';
import { CDS, DeltaClient, LDS, SotwClient, eventually, makeNode, startHarness } from './harness';

const GW = 'default/eg';
const T0 = new Date('2026-07-01T10:00:00.000Z');

describe('proxy registry', () => {
  test('records each connected proxy, what it ACKed and what it rejected; forgets it on disconnect', async () => {
    let now = T0.getTime();
    const h = await startHarness({ clock: () => new Date(now) });
    try {
      h.cache.setResources(GW, basicGateway());
      const c = new SotwClient(h.address, makeNode(GW, 'envoy-7', {
        user_agent_name: 'envoy',
        user_agent_version: undefined,
        user_agent_build_version: { version: { major_number: 1, minor_number: 35, patch: 1 } },
      }));
      h.clients.push(c);
      c.request(CDS);
      const cds = await c.next();
      now += 1000;
      c.ack(cds);
      c.request(LDS);
      const lds = await c.next();
      now += 1000;
      c.nack(lds, 'listener l1: bad filter', '');
      await eventually(() => h.registry.list()[0]?.types.find((t) => t.typeUrl === LDS)?.lastNack !== undefined);

      const list = h.registry.list();
      assert.equal(list.length, 1);
      const proxy = list[0];
      assert.ok(proxy);
      assert.deepEqual(JSON.parse(JSON.stringify(list)), list, 'JSON-serializable');
      assert.equal(proxy.nodeId, 'envoy-7');
      assert.equal(proxy.cluster, GW);
      assert.equal(proxy.envoyVersion, 'envoy/1.35.1');
      assert.equal(proxy.connectedAt, T0.toISOString());
      assert.equal(proxy.protocol, 'sotw');
      assert.equal(proxy.service, 'ads');
      assert.match(proxy.peer, /127\.0\.0\.1/);
      assert.deepEqual(proxy.types.map((t) => t.typeUrl), [CDS, LDS]);
      const [cdsStatus, ldsStatus] = proxy.types;
      assert.equal(cdsStatus?.ackedVersion, cds.version_info);
      assert.equal(cdsStatus?.ackedAt, new Date(T0.getTime() + 1000).toISOString());
      assert.equal(cdsStatus?.awaitingAck, false);
      assert.equal(cdsStatus?.lastNack, undefined);
      assert.equal(ldsStatus?.ackedVersion, undefined);
      assert.deepEqual(ldsStatus?.lastNack, {
        version: lds.version_info, nonce: lds.nonce, message: 'listener l1: bad filter', code: 3,
        at: new Date(T0.getTime() + 2000).toISOString(),
        // Not Envoy's per-resource shape: every new listener of the response counts as rejected.
        rejected: ['l1'],
      });

      // The list is a copy: changing it changes nothing.
      proxy.nodeId = 'changed';
      assert.equal(h.registry.list()[0]?.nodeId, 'envoy-7');

      c.close();
      await eventually(() => h.registry.size === 0, 3000, 'the proxy to be forgotten');
    } finally {
      await h.close();
    }
  });

  test('delta and per-type streams are told apart', async () => {
    const h = await startHarness();
    try {
      h.cache.setResources(GW, basicGateway());
      const d = new DeltaClient(h.address, makeNode(GW, 'delta-node'));
      const s = new SotwClient(h.address, makeNode(GW, 'cds-node'), 'cds');
      h.clients.push(d, s);
      d.subscribe(CDS);
      s.send({ resource_names: [] });
      await d.next();
      await s.next();
      const byNode = new Map(h.registry.list().map((p) => [p.nodeId, p]));
      assert.equal(byNode.get('delta-node')?.protocol, 'delta');
      assert.equal(byNode.get('delta-node')?.service, 'ads');
      assert.equal(byNode.get('delta-node')?.envoyVersion, 'envoy/1.36.2');
      assert.equal(byNode.get('cds-node')?.protocol, 'sotw');
      assert.equal(byNode.get('cds-node')?.service, 'cds');
      assert.equal(byNode.get('cds-node')?.types[0]?.awaitingAck, true);
    } finally {
      await h.close();
    }
  });

  test('the registry on its own', () => {
    const registry = new ProxyRegistry({ clock: () => T0 });
    const handle = registry.register({ streamId: 1, nodeId: 'n', cluster: 'a/b', envoyVersion: '', protocol: 'delta', service: 'eds', peer: '' });
    handle.recordSent(CDS, 'v1', 'n1');
    assert.equal(registry.list()[0]?.types[0]?.awaitingAck, true);
    handle.recordAck(CDS, 'v1');
    assert.equal(registry.list()[0]?.types[0]?.ackedVersion, 'v1');
    handle.remove();
    assert.equal(registry.size, 0);
  });
});

describe('proxy registry observers', () => {
  test('are told of connect, push, ACK (with its latency), NACK and disconnect, in that order', () => {
    let seconds = 100;
    const registry = new ProxyRegistry({ monotonicSeconds: () => seconds });
    const events: string[] = [];
    const stopObserving = registry.observe({
      connected: (p) => events.push(`connected ${p.cluster} ${p.nodeId} ${p.protocol}`),
      sent: (_p, type, version, n) => events.push(`sent ${type} ${version} ${n}`),
      acked: (_p, type, version, latency) => events.push(`acked ${type} ${version} ${latency}`),
      nacked: (_p, type, nack) => events.push(`nacked ${type} ${nack.version} ${nack.message}`),
      disconnected: (p) => events.push(`disconnected ${p.nodeId}`),
    });
    const handle = registry.register({ streamId: 1, nodeId: 'n1', cluster: GW, envoyVersion: '', protocol: 'delta', service: 'ads', peer: '' });
    handle.recordSent('T', 'v1', 'a', 3);
    seconds += 0.25;
    handle.recordAck('T', 'v1');
    handle.recordAck('T', 'v1'); // a version held on reconnect: no latency
    handle.recordSent('T', 'v2', 'b', 1);
    handle.recordNack('T', 'v2', 'b', 'bad', 3);
    handle.remove();
    handle.remove();
    stopObserving();
    registry.register({ streamId: 2, nodeId: 'n2', cluster: GW, envoyVersion: '', protocol: 'sotw', service: 'ads', peer: '' });
    assert.deepEqual(events, [
      `connected ${GW} n1 delta`, 'sent T v1 3', 'acked T v1 0.25', 'acked T v1 undefined', 'sent T v2 1', 'nacked T v2 bad', 'disconnected n1',
    ]);
  });
});
