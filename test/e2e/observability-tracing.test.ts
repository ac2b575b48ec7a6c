/**
 * ObservabilityPolicy tracing through the real `pier serve` CLI, the Envoy it launches and a real
 * OpenTelemetry Collector (test/tools/otelcol) reached as a Service port: spans read back from
 * the Collector's file. One tracer per connection manager, shared with XTelemetryPolicy:
 * - Gateway "shared" has an XTelemetryPolicy (service "x-telemetry", a literal attribute) and a
 *   Gateway-wide ObservabilityPolicy (service "gateway-wide"): at the Gateway the XTelemetryPolicy
 *   wins (listener "plain" exports as "x-telemetry");
 * - an ObservabilityPolicy on listener "own" sets only serviceName: it wins there, the
 *   XTelemetryPolicy gives the exporter and the attribute (one tracer, both policies' fields);
 * - a rule's ObservabilityPolicy samples 0%: the route's own rate (Envoy route tracing), while the
 *   listener's other rule is traced;
 * - Gateway "solo" has no XTelemetryPolicy: its ObservabilityPolicy gives provider, service name
 *   and a 0% then 100% sampling rate alone.
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
import { OtelCollector, type ReadSpan } from '../helpers/otelcol';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const SHARED_ADDRESS = '127.0.0.164';
const SOLO_ADDRESS = '127.0.0.165';
const READY_TIMEOUT_MS = 60_000;
const SPANS_TIMEOUT_MS = 45_000;
const GATEWAY_GROUP = 'gateway.networking.k8s.io';
const RECEIVER = { backendRef: { name: 'otel-collector', port: 4317 } };

function observability(name: string, targetRef: Record<string, unknown>, tracing: Record<string, unknown>): Record<string, unknown> {
  return observabilityPolicy(name, targetRef, { tracing });
}

interface Condition { type: string; status: string; reason: string; message: string }
interface StatusEntry { kind: string; name: string; status: { ancestors: { conditions: Condition[] }[] } }

describe('ObservabilityPolicy tracing with XTelemetryPolicy, through Envoy to a real OpenTelemetry Collector', { timeout: 600_000 }, () => {
  let dir: string;
  let resources: string;
  let pier: PierProcess;
  let collector: OtelCollector;
  const ports = { plain: 0, own: 0, solo: 0 };
  const echo = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`echo ${req.url}`));

  const write = (soloPercent: number): void => {
    writeFileSync(path.join(resources, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('shared', SHARED_ADDRESS, [{ name: 'plain', protocol: 'HTTP', port: ports.plain }, { name: 'own', protocol: 'HTTP', port: ports.own }]),
      gateway('solo', SOLO_ADDRESS, [{ name: 'http', protocol: 'HTTP', port: ports.solo }]),
      ...backend('echo', echoPort),
      ...backend('otel-collector', collector.grpcPort, { port: 4317 }),
      route('HTTPRoute', 'shared-app', 'shared', { rules: [
        { name: 'quiet', matches: [{ path: { type: 'PathPrefix', value: '/quiet' } }], backendRefs: [{ name: 'echo', port: 80 }] },
        { name: 'loud', backendRefs: [{ name: 'echo', port: 80 }] },
      ] }),
      route('HTTPRoute', 'solo-app', 'solo', { rules: [{ backendRefs: [{ name: 'echo', port: 80 }] }] }),
      {
        apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XTelemetryPolicy',
        metadata: { name: 'x-tracing', namespace: NAMESPACE },
        spec: {
          targetRefs: [{ group: GATEWAY_GROUP, kind: 'Gateway', name: 'shared' }],
          tracing: {
            mode: 'Enabled', provider: RECEIVER, serviceName: 'x-telemetry', samplingRate: { numerator: 100, denominator: 100 },
            attributes: [{ name: 'deployment.environment', sourceType: 'Literal', literalValue: 'e2e' }, { name: 'user', sourceType: 'Header', headerName: 'X-User' }],
          },
        },
      },
      observability('gateway-wide', { kind: 'Gateway', name: 'shared' }, { serviceName: 'gateway-wide', samplingRate: { numerator: 0 } }),
      observability('own-listener', { kind: 'Gateway', name: 'shared', sectionName: 'own' }, { serviceName: 'own-listener' }),
      observability('quiet-rule', { kind: 'HTTPRoute', name: 'shared-app', sectionName: 'quiet' }, { samplingRate: { numerator: 0 } }),
      observability('solo', { kind: 'Gateway', name: 'solo' }, { provider: RECEIVER, serviceName: 'solo', samplingRate: { numerator: soloPercent } }),
    ]));
  };
  let echoPort = 0;

  const send = (port: number, address: string, p: string, user: string) =>
    httpRequest(`http://${address}:${port}${p}`, { headers: { 'x-user': user }, timeoutMs: 10_000 }).then((r) => r.status);
  const spansOf = (user: string): ReadSpan[] => collector.spans().filter((s) => s.attributes.user === user || s.attributes['http.url']?.includes(`/${user}`));
  const waitSpans = (users: readonly string[]): Promise<unknown> =>
    waitFor('the spans', () => (users.every((u) => spansOf(u).length > 0) ? true : undefined), { timeoutMs: SPANS_TIMEOUT_MS, intervalMs: 250 }).catch((err) => {
      throw new Error(`${(err as Error).message}; spans: ${JSON.stringify(collector.spans().slice(-5))}; collector: ${collector.logs}`);
    });

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-observability-tracing-'));
    resources = path.join(dir, 'resources');
    mkdirSync(resources);
    collector = await OtelCollector.start(dir);
    echoPort = await listenOn(echo, '127.0.0.1');
    ports.plain = await freePort(SHARED_ADDRESS);
    ports.own = await freePort(SHARED_ADDRESS);
    ports.solo = await freePort(SOLO_ADDRESS);
    write(0);
    pier = await PierProcess.start({ config: { resources, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('both Gateways to serve', async () => {
      const a = await send(ports.plain, SHARED_ADDRESS, '/ready', 'probe').catch(() => 0);
      const b = await send(ports.solo, SOLO_ADDRESS, '/ready', 'probe').catch(() => 0);
      return a === 200 && b === 200 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    const code = await stopEnvoyPierBackend(undefined, pier, echo, [dir]);
    await collector?.stop();
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('at the Gateway the XTelemetryPolicy wins; on a listener the ObservabilityPolicy\'s fields win, the rest from the XTelemetryPolicy', async () => {
    assert.equal(await send(ports.plain, SHARED_ADDRESS, '/loud/p1', 'plain-1'), 200);
    assert.equal(await send(ports.own, SHARED_ADDRESS, '/loud/o1', 'own-1'), 200);
    await waitSpans(['plain-1', 'own-1']);
    const [plain] = spansOf('plain-1') as [ReadSpan];
    assert.equal(plain.resource['service.name'], 'x-telemetry', 'the Gateway-wide ObservabilityPolicy (0%, "gateway-wide") yields to the XTelemetryPolicy');
    const [own] = spansOf('own-1') as [ReadSpan];
    assert.equal(own.resource['service.name'], 'own-listener', 'the listener\'s policy sets the service name');
    assert.equal(own.attributes['deployment.environment'], 'e2e', 'the XTelemetryPolicy\'s attribute, on the same tracer');
  });

  test('a rule\'s ObservabilityPolicy samples 0%: its requests are not traced, the other rule\'s are', async () => {
    const quiet = ['q1', 'q2', 'q3', 'q4', 'q5'];
    for (const u of quiet) assert.equal(await send(ports.own, SHARED_ADDRESS, `/quiet/${u}`, u), 200);
    assert.equal(await send(ports.own, SHARED_ADDRESS, '/loud/after-quiet', 'after-quiet'), 200);
    await waitSpans(['after-quiet']);
    assert.deepEqual(quiet.filter((u) => spansOf(u).length > 0), [], 'no span for the 0% rule');
  });

  test('without an XTelemetryPolicy the ObservabilityPolicy is the tracer: 0% traces nothing, then 100% everything', async () => {
    const zero = ['s0-1', 's0-2', 's0-3'];
    for (const u of zero) assert.equal(await send(ports.solo, SOLO_ADDRESS, `/${u}`, u), 200);
    const before = await pier.admin<{ types: { typeUrl: string; ackedVersion?: string }[] }[]>('/proxies');
    write(100);
    await waitFor('a span from the solo Gateway at 100%', async () => {
      await send(ports.solo, SOLO_ADDRESS, '/s100', 's100');
      return spansOf('s100').some((s) => s.resource['service.name'] === 'solo') ? true : undefined;
    }, { timeoutMs: SPANS_TIMEOUT_MS, intervalMs: 1000 });
    assert.ok(before.length >= 1);
    assert.deepEqual(zero.filter((u) => spansOf(u).length > 0), [], 'nothing was traced at 0%');
    const statuses = await pier.admin<StatusEntry[]>('/statuses');
    for (const name of ['gateway-wide', 'own-listener', 'quiet-rule', 'solo']) {
      const c = statuses.find((s) => s.kind === 'ObservabilityPolicy' && s.name === name)?.status.ancestors[0]?.conditions[0];
      assert.deepEqual([c?.status, c?.reason], ['True', 'Accepted'], name);
      if (name === 'gateway-wide') assert.match(c?.message ?? '', /spec\.tracing: the Gateway's XTelemetryPolicy takes precedence at the Gateway/);
    }
  });
});
