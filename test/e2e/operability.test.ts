/**
 * Operability against a real Pier and a real Envoy that ACKs most of its Gateway and NACKs one
 * listener (see operability/fixture.ts): /metrics read with Prometheus' own text parser.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { PIER_CLI } from '../helpers/pier';
import { freePort, waitFor } from '../helpers/net';
import { promisify } from 'node:util';
import { containsPrivateKey } from '../../src/security/redact';
import { requireGrpcurl } from '../helpers/tools';
import { httpRequest } from '../helpers/net';
import { parsePrometheusText, samplesOf, type PromFamily } from '../helpers/prometheus';
import { OPS_ADDRESS, OPS_GATEWAY, OPS_NODE, startOpsFixture, type OpsFixture } from './operability/fixture';

const run = promisify(execFile);
const CSDS = 'envoy.service.status.v3.ClientStatusDiscoveryService';

/** grpcurl's JSON of a ClientStatusResponse (protojson: lowerCamelCase names). */
interface CsdsResource {
  typeUrl: string;
  name: string;
  versionInfo: string;
  configStatus?: string;
  clientStatus?: string;
  errorState?: { details?: string; versionInfo?: string };
  xdsConfig?: Record<string, unknown>;
}
interface CsdsResponse {
  config?: { node?: { id?: string; cluster?: string; userAgentName?: string }; genericXdsConfigs?: CsdsResource[] }[];
}

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

  describe('the metrics port (--metrics-address)', () => {
    const ADMIN_VIEWS = ['/', '/proxies', '/statuses', '/errors', '/ir', '/xds', '/infra', '/config', '/version'];

    test('serves /metrics, /healthz and /readyz, the same as the admin API\'s', async () => {
      const metrics = await httpRequest(`http://127.0.0.1:${ops.pier.metricsPort}/metrics`);
      assert.equal(metrics.status, 200);
      assert.match(String(metrics.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      assert.ok(parsePrometheusText(metrics.body).some((f) => f.name === 'pier_xds_connected_proxies'), 'Pier\'s metrics');
      assert.equal((await httpRequest(`http://127.0.0.1:${ops.pier.metricsPort}/healthz`)).status, 200);
      const ready = await httpRequest(`http://127.0.0.1:${ops.pier.metricsPort}/readyz`);
      assert.deepEqual([ready.status, JSON.parse(ready.body)], [200, { status: 'ready' }]);
    });

    test('nothing else answers there: not the admin API\'s views, not its index, not another method', async () => {
      for (const p of [...ADMIN_VIEWS, '/nope', '/metrics/x']) {
        assert.equal((await httpRequest(`http://127.0.0.1:${ops.pier.metricsPort}${p}`)).status, 404, `${p} on the metrics port`);
        if (p !== '/nope' && p !== '/metrics/x') assert.equal((await httpRequest(`http://127.0.0.1:${ops.pier.adminPort}${p}`)).status, 200, `${p} on the admin port`);
      }
      assert.equal((await httpRequest(`http://127.0.0.1:${ops.pier.metricsPort}/metrics`, { method: 'POST' })).status, 405);
    });
  });

  describe('CSDS through reflection, with the real grpcurl', () => {
    let grpcurl: string;
    const target = () => `127.0.0.1:${ops.pier.xdsPort}`;
    const call = async (method: string, body: unknown): Promise<string> =>
      (await run(grpcurl, ['-plaintext', '-d', JSON.stringify(body), target(), `${CSDS}/${method}`], { timeout: 15_000 })).stdout;

    before(() => {
      grpcurl = requireGrpcurl();
    });

    test('list and describe show the service and both methods', async () => {
      const { stdout } = await run(grpcurl, ['-plaintext', target(), 'describe', CSDS], { timeout: 10_000 });
      assert.match(stdout, /rpc FetchClientStatus/);
      assert.match(stdout, /rpc StreamClientStatus/);
    });

    test('FetchClientStatus: the node, every resource ACKED or NACKED with Envoy\'s reason, the config with the key redacted', async (t) => {
      const text = await call('FetchClientStatus', {});
      assert.equal(containsPrivateKey(text), false, 'no private key in the CSDS answer');
      assert.ok(!text.includes(ops.planted.keyPem.split('\n')[1] ?? 'unreachable'));
      const response = JSON.parse(text) as CsdsResponse;
      const config = response.config?.find((c) => c.node?.id === OPS_NODE);
      assert.ok(config, text.slice(0, 2000));
      assert.equal(config.node?.cluster, OPS_GATEWAY);
      assert.equal(config.node?.userAgentName, 'envoy');
      const resources = config.genericXdsConfigs ?? [];
      const ofType = (suffix: string) => resources.filter((r) => r.typeUrl.endsWith(suffix));
      const listeners = ofType('.Listener');
      assert.equal(listeners.length, 3, JSON.stringify(listeners.map((l) => l.name)));
      const port = (r: CsdsResource) => (r.xdsConfig?.address as { socketAddress?: { address?: string; portValue?: number } } | undefined)?.socketAddress;
      const clash = listeners.find((l) => port(l)?.portValue === ops.clashPort);
      assert.ok(clash, 'the clashing listener is listed');
      t.diagnostic(`NACK detail: ${clash.errorState?.details ?? ''}`);
      assert.equal(port(clash)?.address, OPS_ADDRESS);
      assert.equal(clash.clientStatus, 'NACKED');
      assert.equal(clash.configStatus, 'ERROR');
      assert.match(clash.errorState?.details ?? '', new RegExp(`${clash.name}.*(address|duplicate)`, 's'));
      for (const l of listeners.filter((x) => x !== clash)) {
        assert.equal(l.clientStatus, 'ACKED', `${l.name} ACKED`);
        assert.equal(l.configStatus, 'SYNCED');
      }
      for (const type of ['.RouteConfiguration', '.Cluster', '.ClusterLoadAssignment', '.Secret']) {
        assert.ok(ofType(type).length >= 1, `${type} listed`);
        for (const r of ofType(type)) {
          assert.equal(r.clientStatus, 'ACKED', `${r.typeUrl} ${r.name}`);
          assert.ok(r.versionInfo.length > 0);
        }
      }
      const secret = ofType('.Secret')[0]!.xdsConfig as { tlsCertificate?: { privateKey?: { inlineString?: string }; certificateChain?: unknown } };
      assert.equal(secret.tlsCertificate?.privateKey?.inlineString, '[redacted]');
      assert.ok(secret.tlsCertificate?.certificateChain, 'the certificate itself is shown');
    });

    test('the versions CSDS reports are the ones Envoy holds (its own config dump)', async () => {
      const response = JSON.parse(await call('FetchClientStatus', { exclude_resource_contents: true })) as CsdsResponse;
      const clusters = (response.config?.find((c) => c.node?.id === OPS_NODE)?.genericXdsConfigs ?? []).filter((r) => r.typeUrl.endsWith('.Cluster'));
      const held = (await ops.envoy.configDump('dynamic_active_clusters')) as { version_info?: string; cluster?: { name?: string } }[];
      const envoyVersions = new Map(held.map((c) => [c.cluster?.name ?? '', c.version_info ?? '']));
      assert.ok(clusters.length >= 1 && envoyVersions.size >= clusters.length, `${clusters.length} in CSDS, ${envoyVersions.size} in Envoy`);
      for (const c of clusters) assert.equal(c.versionInfo, envoyVersions.get(c.name), `cluster ${c.name}`);
    });

    test('StreamClientStatus answers each request; node matchers filter; exclude_resource_contents drops the config', async () => {
      const both = await call('StreamClientStatus', { node_matchers: [{ node_id: { exact: 'nobody' } }] });
      assert.deepEqual(JSON.parse(both), {});
      const mine = JSON.parse(await call('StreamClientStatus', { node_matchers: [{ node_id: { prefix: 'ops-' } }], exclude_resource_contents: true })) as CsdsResponse;
      assert.equal(mine.config?.length, 1);
      const resources = mine.config?.[0]?.genericXdsConfigs ?? [];
      assert.ok(resources.length >= 6);
      assert.ok(resources.every((r) => r.xdsConfig === undefined));
      await assert.rejects(call('FetchClientStatus', { node_matchers: [{ node_id: { safe_regex: { regex: 'x' } } }] }), /InvalidArgument|not supported/);
    });
  });

  describe('the operator CLI against the running Pier', () => {
    const pier = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
      try {
        const { stdout, stderr } = await run(process.execPath, [PIER_CLI, ...args], { timeout: 20_000 });
        return { code: 0, stdout, stderr };
      } catch (err) {
        const e = err as { code?: number; stdout?: string; stderr?: string };
        return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
      }
    };
    const admin = () => ['--admin-address', `127.0.0.1:${ops.pier.adminPort}`];

    test('pier proxies: one line per proxy, LDS NACKED and the other types SYNCED; -o json and -o yaml', async () => {
      const table = await pier('proxies', ...admin());
      assert.equal(table.code, 0, table.stderr);
      const lines = table.stdout.trim().split('\n');
      assert.match(lines[0] ?? '', /^GATEWAY\s+NODE\s+PROTOCOL\s+LDS\s+RDS\s+CDS\s+EDS\s+SDS\s+VERSION$/);
      assert.equal(lines.length, 2, table.stdout);
      assert.match(lines[1] ?? '', new RegExp(`^${OPS_GATEWAY}\\s+${OPS_NODE}\\s+delta/ads\\s+NACKED\\s+SYNCED\\s+SYNCED\\s+SYNCED\\s+SYNCED\\s+envoy/`));
      const json = JSON.parse((await pier('proxies', ...admin(), '-o', 'json')).stdout) as { gateway: string; types: Record<string, string>; nacks: { type: string; message: string }[] }[];
      assert.deepEqual(json.map((p) => [p.gateway, p.types]), [[OPS_GATEWAY, { LDS: 'NACKED', RDS: 'SYNCED', CDS: 'SYNCED', EDS: 'SYNCED', SDS: 'SYNCED' }]]);
      assert.match(json[0]?.nacks[0]?.message ?? '', /duplicate address/);
      const yaml = parseYaml((await pier('proxies', ...admin(), '-o', 'yaml')).stdout) as typeof json;
      assert.deepEqual(yaml, json);
    });

    test('pier status: problems first, with reason and message; -o json', async () => {
      const table = await pier('status', ...admin());
      assert.equal(table.code, 0, table.stderr);
      const lines = table.stdout.trim().split('\n');
      assert.match(lines[0] ?? '', /^STATE\s+KIND\s+NAME\s+CONDITIONS\s+PROBLEM$/);
      assert.match(lines[1] ?? '', /^PROBLEM\s+HTTPRoute\s+default\/broken\s+.*ResolvedRefs=False BackendNotFound: /);
      assert.ok(lines.slice(2).every((l) => l.startsWith('OK ')), table.stdout);
      assert.ok(lines.some((l) => /^OK\s+Gateway\s+default\/ops\s+Accepted,Programmed/.test(l)), table.stdout);
      // A route's conditions, per parent.
      assert.match(lines[1] ?? '', /^PROBLEM\s+HTTPRoute\s+default\/broken\s+default\/ops\S*: Accepted,ResolvedRefs=False\s/);
      const json = JSON.parse((await pier('status', ...admin(), '-o', 'json')).stdout) as { kind: string; name: string; ok: boolean }[];
      assert.deepEqual(json.filter((s) => !s.ok).map((s) => `${s.kind} ${s.name}`), ['HTTPRoute default/broken']);
    });

    test('pier config-dump: what the Gateway\'s proxies get, the key redacted; an unknown Gateway is named', async () => {
      const dump = await pier('config-dump', ...admin(), '--gateway', OPS_GATEWAY, '-o', 'json');
      assert.equal(dump.code, 0, dump.stderr);
      assert.equal(containsPrivateKey(dump.stdout), false);
      const parsed = JSON.parse(dump.stdout) as { gateway: string; listeners: unknown[]; secrets: { tls_certificate?: { private_key?: { inline_string?: string } } }[] };
      assert.equal(parsed.gateway, OPS_GATEWAY);
      assert.equal(parsed.listeners.length, 3);
      assert.equal(parsed.secrets[0]?.tls_certificate?.private_key?.inline_string, '[redacted]');
      const yaml = await pier('config-dump', ...admin(), '--gateway', OPS_GATEWAY);
      assert.deepEqual(parseYaml(yaml.stdout), parsed);
      const unknown = await pier('config-dump', ...admin(), '--gateway', 'default/nope');
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /Pier serves no Gateway default\/nope \(it serves default\/ops\)/);
      const missing = await pier('config-dump', ...admin());
      assert.equal(missing.code, 1);
      assert.match(missing.stderr, /--gateway NS\/NAME is required/);
    });

    test('pier version shows the running server; every command says clearly when Pier is not running', async () => {
      const version = await pier('version', ...admin());
      assert.match(version.stdout, /^pier \d+\.\d+\.\d+\nserver: pier \d+\.\d+\.\d+ \(node v/);
      const nobody = `127.0.0.1:${await freePort()}`;
      for (const command of [['proxies'], ['status'], ['config-dump', '--gateway', OPS_GATEWAY]]) {
        const r = await pier(...command, '--admin-address', nobody);
        assert.equal(r.code, 1, command.join(' '));
        assert.equal(r.stderr.trim(), `pier: cannot reach Pier's admin API at ${nobody} (connection refused): is \`pier serve\` running? Pick another address with --admin-address HOST:PORT.`);
      }
      const offline = await pier('version', '--admin-address', nobody);
      assert.equal(offline.code, 0);
      assert.match(offline.stdout, /server: cannot reach Pier's admin API/);
    });

    test('pier status --watch prints the table again when a status changes', async () => {
      const child = spawn(process.execPath, [PIER_CLI, 'status', '--watch', '--interval', '0.2', ...admin()], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => { out += chunk; });
      try {
        await waitFor('the first table', () => (out.includes('default/broken') ? true : undefined), { timeoutMs: 10_000 });
        assert.ok(!out.includes('default/late'));
        writeFileSync(path.join(ops.resources, 'late.yaml'), `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: late, namespace: default }
spec:
  parentRefs: [{ name: ops }]
  rules: [{ matches: [{ path: { type: PathPrefix, value: /late } }], backendRefs: [{ name: missing-too, port: 80 }] }]
`);
        await waitFor('the table again, with the new route', () => (/PROBLEM\s+HTTPRoute\s+default\/late\s/.test(out) ? true : undefined), { timeoutMs: 15_000 });
        const tables = out.split(/^STATE\s/m).length - 1;
        assert.ok(tables >= 2, `${tables} tables`);
      } finally {
        child.kill('SIGTERM');
      }
    });
  });

  describe('the event stream pier.admin.v1.Admin/Subscribe, with the real grpcurl', () => {
    interface StreamEvent {
      index: string;
      time: string;
      newSnapshotToFollow?: boolean;
      endOfSnapshot?: boolean;
      status?: { kind: string; namespace?: string; name: string; deleted?: boolean; status?: Record<string, unknown>; problems?: string[] };
      proxy?: { change: string; gateway: string; nodeId: string; protocol: string; types?: Record<string, string> };
    }
    /** grpcurl prints one JSON object per message; each ends with a "}" line of its own. */
    const parseStream = (text: string): StreamEvent[] =>
      text.split(/(?<=^\})\n/m).map((t) => t.trim()).filter((t) => t.length > 0).map((t) => JSON.parse(t) as StreamEvent);

    test('describe shows the service through reflection', async () => {
      const { stdout } = await run(requireGrpcurl(), ['-plaintext', `127.0.0.1:${ops.pier.xdsPort}`, 'describe', 'pier.admin.v1.Admin'], { timeout: 10_000 });
      assert.match(stdout, /rpc Subscribe \( \.pier\.admin\.v1\.SubscribeRequest \) returns \( stream \.pier\.admin\.v1\.Event \)/);
    });

    test('a snapshot of the Gateway\'s statuses and proxies, then a status change as it happens; other Gateways filtered out', async () => {
      const subscription = run(requireGrpcurl(), ['-plaintext', '-max-time', '6', '-d', JSON.stringify({ gateway: OPS_GATEWAY }),
        `127.0.0.1:${ops.pier.xdsPort}`, 'pier.admin.v1.Admin/Subscribe'], { timeout: 15_000 })
        .then((r) => r.stdout, (err: { stdout?: string; stderr?: string }) => {
          assert.match(err.stderr ?? '', /DeadlineExceeded/, 'the stream only ends by grpcurl\'s -max-time');
          return err.stdout ?? '';
        });
      // Once the snapshot is out, a new route for the Gateway: its status arrives as a change.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      writeFileSync(path.join(ops.resources, 'streamed.yaml'), `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: streamed, namespace: default }
spec:
  parentRefs: [{ name: ops }]
  rules: [{ matches: [{ path: { type: PathPrefix, value: /streamed } }], backendRefs: [{ name: web, port: 80 }] }]
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: elsewhere, namespace: default }
spec:
  parentRefs: [{ name: not-ops }]
  rules: [{ backendRefs: [{ name: web, port: 80 }] }]
`);
      const events = parseStream(await subscription);
      assert.deepEqual(events.map((e) => Number(e.index)), events.map((_, i) => i + 1), 'indexes count up from 1');
      assert.equal(events[0]?.newSnapshotToFollow, true);
      const end = events.findIndex((e) => e.endOfSnapshot);
      assert.ok(end > 0, 'the snapshot ends');
      const snapshot = events.slice(1, end);
      const names = snapshot.filter((e) => e.status).map((e) => `${e.status!.kind} ${e.status!.name}`);
      assert.deepEqual(names.sort(), ['Gateway ops', 'HTTPRoute broken', 'HTTPRoute late', 'HTTPRoute web']);
      const broken = snapshot.find((e) => e.status?.name === 'broken')!.status!;
      assert.match(broken.problems?.[0] ?? '', /^ResolvedRefs=False BackendNotFound: /);
      assert.ok(Array.isArray(broken.status?.parents), 'the status itself travels as a Struct');
      const proxy = snapshot.find((e) => e.proxy)?.proxy;
      assert.deepEqual(proxy && { change: proxy.change, gateway: proxy.gateway, node: proxy.nodeId, protocol: proxy.protocol, lds: proxy.types?.LDS, cds: proxy.types?.CDS },
        { change: 'CURRENT', gateway: OPS_GATEWAY, node: OPS_NODE, protocol: 'delta/ads', lds: 'NACKED', cds: 'SYNCED' });
      const changes = events.slice(end + 1);
      assert.ok(changes.some((e) => e.status?.kind === 'HTTPRoute' && e.status.name === 'streamed' && !e.status.deleted), JSON.stringify(changes).slice(0, 1000));
      assert.ok(!events.some((e) => e.status?.name === 'elsewhere'), 'a route of another Gateway is filtered out');
      assert.ok(!events.some((e) => e.status?.kind === 'GatewayClass'));
    });

    test('a gateway that is not namespace/name is refused', async () => {
      await assert.rejects(run(requireGrpcurl(), ['-plaintext', '-max-time', '5', '-d', '{"gateway":"ops"}', `127.0.0.1:${ops.pier.xdsPort}`, 'pier.admin.v1.Admin/Subscribe'], { timeout: 10_000 }),
        /InvalidArgument[\s\S]*is not "namespace\/name"/);
    });
  });
});
