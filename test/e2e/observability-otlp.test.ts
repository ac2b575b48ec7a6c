/**
 * ObservabilityPolicy access logs over OTLP through the real `pier serve` CLI, the Envoy it
 * launches and a real OpenTelemetry Collector (test/tools/otelcol: OTLP receiver, file exporter)
 * reached as a Service port (EndpointSlice to 127.0.0.1): Envoy's OpenTelemetry access logger
 * sends a log record per request, and the test reads the records back from the Collector's file.
 * - listener "json": a JSON format is the record's body as a key/value list, with the user's
 *   attributes (command operators), only for the status codes the filter lets through;
 * - listener "text": a Text format is the record's body as a string;
 * - listener "broken": a receiver Service that does not exist: that log is left out (requests
 *   still served) and the policy is Invalid there, naming the field.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, listenOn, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { stopEnvoyPierBackend } from '../helpers/teardown';
import { observabilityPolicy } from './features/observability';
import { OtelCollector, type ReadLogRecord } from '../helpers/otelcol';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.163';
const READY_TIMEOUT_MS = 60_000;
/** Envoy's OpenTelemetry access logger flushes every second; the Collector's file every 100 ms. */
const RECORDS_TIMEOUT_MS = 30_000;

function policy(name: string, sectionName: string, accessLogs: unknown[]): Record<string, unknown> {
  return observabilityPolicy(name, { kind: 'Gateway', name: 'otlp', sectionName }, { accessLogs });
}

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry { kind: string; name: string; status: { ancestors: { ancestorRef: { name: string }; conditions: Condition[] }[] } }

describe('ObservabilityPolicy access logs over OTLP to a real OpenTelemetry Collector', { timeout: 600_000 }, () => {
  let dir: string;
  let pier: PierProcess;
  let collector: OtelCollector;
  const ports = { json: 0, text: 0, broken: 0 };
  const echo = http.createServer((req, res) => {
    const m = /^\/status\/(\d{3})/.exec(req.url ?? '');
    res.writeHead(m ? Number(m[1]) : 200, { 'content-type': 'text/plain' }).end('ok');
  });

  const get = (port: number, p: string, headers: Record<string, string> = {}): Promise<number> =>
    httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { headers, timeoutMs: 15_000 }).then((r) => r.status);
  const records = (): ReadLogRecord[] => collector.logRecords();
  const waitRecords = (what: string, pick: (r: ReadLogRecord) => boolean, count: number): Promise<ReadLogRecord[]> =>
    waitFor(what, () => {
      const found = records().filter(pick);
      return found.length >= count ? found : undefined;
    }, { timeoutMs: RECORDS_TIMEOUT_MS, intervalMs: 200 }).catch((err) => {
      throw new Error(`${(err as Error).message}; records: ${JSON.stringify(records().slice(-5))}; collector: ${collector.logs}`);
    });

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-observability-otlp-'));
    const resources = path.join(dir, 'resources');
    mkdirSync(resources);
    collector = await OtelCollector.start(dir);
    const echoPort = await listenOn(echo, '127.0.0.1');
    for (const k of Object.keys(ports) as (keyof typeof ports)[]) ports[k] = await freePort(GATEWAY_ADDRESS);
    const receiver = { backendRef: { name: 'otel-collector', port: 4317 } };
    writeFileSync(path.join(resources, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('otlp', GATEWAY_ADDRESS, Object.entries(ports).map(([name, port]) => ({ name, protocol: 'HTTP', port }))),
      ...backend('echo', echoPort),
      ...backend('otel-collector', collector.grpcPort, { port: 4317 }),
      route('HTTPRoute', 'app', 'otlp', { rules: [{ backendRefs: [{ name: 'echo', port: 80 }] }] }),
      policy('otlp-json', 'json', [{
        format: { type: 'JSON', json: { method: '%REQ(:METHOD)%', path: '%REQ(:PATH)%', code: '%RESPONSE_CODE%' } },
        sink: { type: 'OTLP', otlp: { ...receiver, attributes: { user: '%REQ(X-USER)%', listener: 'json' } } },
        filter: { statusCodes: { min: 400 } },
      }]),
      policy('otlp-text', 'text', [{
        format: { type: 'Text', text: '%REQ(:METHOD)% %REQ(:PATH)% -> %RESPONSE_CODE%' },
        sink: { type: 'OTLP', otlp: { ...receiver, attributes: { listener: 'text' } } },
      }]),
      policy('otlp-broken', 'broken', [{ sink: { type: 'OTLP', otlp: { backendRef: { name: 'no-such-collector', port: 4317 } } } }]),
    ]));
    pier = await PierProcess.start({ config: { resources, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the Gateway to serve', async () => ((await get(ports.text, '/ready?probe').catch(() => 0)) === 200 ? true : undefined),
      { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    const code = await stopEnvoyPierBackend(undefined, pier, echo, [dir]);
    await collector?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('JSON format: a record per error, its body the user\'s fields, its attributes the user\'s', async () => {
    assert.equal(await get(ports.json, '/fine', { 'x-user': 'ana' }), 200);
    assert.equal(await get(ports.json, '/status/404', { 'x-user': 'ana' }), 404);
    assert.equal(await get(ports.json, '/status/503', { 'x-user': 'bo' }), 503);
    const found = await waitRecords('two JSON records', (r) => r.attributes.listener === 'json', 2);
    // The Text listener's records arrive in the same batches: once one sent later is in, a late /fine would be too.
    assert.equal(await get(ports.text, '/fence-json'), 200);
    await waitRecords('the fence record', (r) => r.body === 'GET /fence-json -> 200', 1);
    const json = records().filter((r) => r.attributes.listener === 'json');
    const byPath = (r: ReadLogRecord): string => (typeof r.body === 'string' ? r.body : r.body.path ?? '');
    assert.deepEqual(json.sort((a, b) => byPath(a).localeCompare(byPath(b))).map((r) => [r.body, r.attributes.user]), [
      [{ method: 'GET', path: '/status/404', code: '404' }, 'ana'],
      [{ method: 'GET', path: '/status/503', code: '503' }, 'bo'],
    ]);
    assert.equal(found[0]!.resource.log_name, 'pier', 'Envoy names the log in the resource');
  });

  test('Text format: the record\'s body is the user\'s line', async () => {
    assert.equal(await get(ports.text, '/hello'), 200);
    assert.equal(await get(ports.text, '/status/418'), 418);
    await waitRecords('two text records', (r) => r.body === 'GET /hello -> 200' || r.body === 'GET /status/418 -> 418', 2);
    const text = records().filter((r) => r.attributes.listener === 'text' && !String(r.body).includes('probe') && !String(r.body).includes('fence'));
    // Requests on separate connections may be written by separate Envoy workers: no order between them.
    assert.deepEqual(text.map((r) => r.body).sort(), ['GET /hello -> 200', 'GET /status/418 -> 418']);
  });

  test('a receiver that does not exist: the log is left out, requests still served, the policy Invalid naming the field', async () => {
    assert.equal(await get(ports.broken, '/still-served'), 200);
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const accepted = (name: string): Condition | undefined => statuses.find((e) => e.kind === 'ObservabilityPolicy' && e.name === name)?.status.ancestors[0]?.conditions.find((c) => c.type === 'Accepted');
    for (const name of ['otlp-json', 'otlp-text']) assert.deepEqual([accepted(name)?.status, accepted(name)?.reason], ['True', 'Accepted'], name);
    const broken = accepted('otlp-broken');
    assert.deepEqual([broken?.status, broken?.reason, broken?.observedGeneration], ['False', 'Invalid', 1]);
    assert.match(broken?.message ?? '', /spec\.accessLogs\[0\]\.sink\.otlp\.backendRef: .*no-such-collector not found/);
  });
});
