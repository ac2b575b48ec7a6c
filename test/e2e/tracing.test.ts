/**
 * XTelemetryPolicy tracing through the real `pier serve` CLI, a real Envoy and a real
 * OpenTelemetry Collector (test/tools/otelcol: OTLP receiver, file exporter) on loopback: Envoy
 * exports the spans of requests routed through the Gateway over OTLP/gRPC to the Collector,
 * reached as a Service port (EndpointSlice to 127.0.0.1), and the test reads them back from the
 * Collector's file. Checks the service name, literal and header attributes, 100% and 0% sampling
 * (a sampled trace parent is still traced), and the policy's status (accepted, conflicted,
 * target not found).
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, listenOn, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { OtelCollector, type ReadSpan } from '../helpers/otelcol';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.91';
const READY_TIMEOUT_MS = 30_000;
/** Envoy sends spans in batches (every 5 s by default): waits for spans allow several. */
const SPANS_TIMEOUT_MS = 45_000;

interface Fraction { numerator: number; denominator: number }

function policy(name: string, gatewayName: string, tracing: Record<string, unknown>): Record<string, unknown> {
  return {
    apiVersion: 'gateway.networking.x-k8s.io/v1alpha1', kind: 'XTelemetryPolicy',
    metadata: { name, namespace: NAMESPACE },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: gatewayName }], tracing },
  };
}

function enabled(serviceName: string, samplingRate: Fraction): Record<string, unknown> {
  return {
    mode: 'Enabled',
    provider: { backendRef: { name: 'otel-collector', port: 4317 } },
    samplingRate,
    serviceName,
    attributes: [
      { name: 'deployment.environment', sourceType: 'Literal', literalValue: 'e2e' },
      { name: 'user', sourceType: 'Header', headerName: 'X-User' },
      { name: 'method', sourceType: 'Attribute', attributeKey: 'http.request.method' },
    ],
  };
}

interface StatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { name: string }; conditions: { type: string; status: string; reason: string; observedGeneration?: number }[] }[] };
}

/** A W3C traceparent with the sampled flag set. */
function sampledTraceparent(): string {
  return `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`;
}

describe('XTelemetryPolicy tracing through pier serve, real Envoy and a real OpenTelemetry Collector', { timeout: 900_000 }, () => {
  let dir: string;
  let resources: string;
  let pier: PierProcess;
  let collector: OtelCollector;
  let port: number;
  let echoPort: number;
  const echo = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(`echo ${req.url}`);
  });

  const write = (sampling: Fraction, serviceName: string): void => {
    writeFileSync(path.join(resources, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('traced', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('echo', echoPort),
      ...backend('otel-collector', collector.grpcPort, { port: 4317 }),
      route('HTTPRoute', 'echo', 'traced', { rules: [{ backendRefs: [{ name: 'echo', port: 80 }] }] }),
      // Precedence without creation times: namespace/name, so "a-tracing" wins over "b-conflicting".
      policy('a-tracing', 'traced', enabled(serviceName, sampling)),
      policy('b-conflicting', 'traced', enabled('never-used', { numerator: 100, denominator: 100 })),
      policy('c-no-gateway', 'missing', { mode: 'Disabled' }),
    ]));
  };

  const send = (user: string, headers: Record<string, string> = {}) =>
    httpRequest(`http://${GATEWAY_ADDRESS}:${port}/traced/${user}`, { headers: { 'x-user': user, ...headers }, timeoutMs: 10_000 });

  const spansOf = (user: string): ReadSpan[] => collector.spans().filter((s) => s.attributes.user === user);

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-tracing-'));
    resources = path.join(dir, 'resources');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(resources);
    collector = await OtelCollector.start(dir);
    echoPort = await listenOn(echo, '127.0.0.1');
    port = await freePort(GATEWAY_ADDRESS);
    write({ numerator: 100, denominator: 100 }, 'pier-e2e');
    pier = await PierProcess.start({ config: { resources, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the Gateway to serve', async () => {
      const r = await send('ready').catch(() => undefined);
      return r?.status === 200 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
  });

  after(async () => {
    const code = await pier?.stop();
    await collector?.stop();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('at 100% every request routed through the Gateway is exported, with the service name and attributes', async () => {
    const users = ['u1', 'u2', 'u3', 'u4', 'u5'];
    for (const user of users) assert.equal((await send(user)).status, 200);
    await waitFor('a span for every request', () => (users.every((u) => spansOf(u).length > 0) ? true : undefined),
      { timeoutMs: SPANS_TIMEOUT_MS, intervalMs: 250 }).catch((err) => {
      throw new Error(`${(err as Error).message}; spans: ${JSON.stringify(collector.spans().slice(0, 5))}; collector: ${collector.logs}`);
    });
    for (const user of users) {
      const spans = spansOf(user);
      assert.equal(spans.length, 1, `one server span for ${user}`);
      const [span] = spans as [ReadSpan];
      assert.equal(span.resource['service.name'], 'pier-e2e');
      assert.equal(span.attributes['deployment.environment'], 'e2e', 'the literal attribute');
      assert.equal(span.attributes.method, 'GET', 'http.request.method, from the request');
      assert.match(span.traceId, /^[0-9a-f]{32}$/);
    }
    assert.equal(collector.spans().filter((s) => s.resource['service.name'] === 'never-used').length, 0, 'the conflicting policy exports nothing');
  });

  test('statuses: the oldest policy is accepted with resolved references, the other conflicted, a missing Gateway reported', async () => {
    const statuses = await pier.admin<StatusEntry[]>('/statuses');
    const of = (name: string) => statuses.find((s) => s.kind === 'XTelemetryPolicy' && s.name === name)?.status.ancestors ?? [];
    const summary = (name: string) => of(name).map((a) => [a.ancestorRef.name, ...a.conditions.map((c) => `${c.type}=${c.status}/${c.reason}`)]);
    assert.deepEqual(summary('a-tracing'), [['traced', 'Accepted=True/Accepted', 'ResolvedRefs=True/ResolvedRefs']]);
    assert.deepEqual(summary('b-conflicting'), [['traced', 'Accepted=False/Conflicted']]);
    assert.deepEqual(summary('c-no-gateway'), [['missing', 'Accepted=False/TargetNotFound']]);
    assert.equal(of('a-tracing')[0]?.conditions[0]?.observedGeneration, 1);
  });

  /** The listener version the Gateway's proxy last acknowledged. */
  const listenerAck = async (): Promise<{ ackedVersion?: string; awaitingAck: boolean } | undefined> => {
    const proxies = await pier.admin<{ types: { typeUrl: string; ackedVersion?: string; awaitingAck: boolean }[] }[]>('/proxies');
    return proxies[0]?.types.find((t) => t.typeUrl.endsWith('.Listener'));
  };

  /** Rewrites the policy and waits until the proxy acknowledged the listeners made from it. */
  const reconfigure = async (sampling: Fraction, serviceName: string): Promise<void> => {
    const before = (await listenerAck())?.ackedVersion;
    write(sampling, serviceName);
    await waitFor('the proxy to acknowledge the new listeners', async () => {
      const now = await listenerAck();
      return now && !now.awaitingAck && now.ackedVersion !== before ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
  };

  test('a sampled trace parent is traced and joins its trace; one not sampled is not (parent-based sampling)', async () => {
    const sampled = sampledTraceparent();
    const unsampled = sampled.replace(/-01$/, '-00');
    assert.equal((await send('parent-sampled', { traceparent: sampled })).status, 200);
    assert.equal((await send('parent-unsampled', { traceparent: unsampled })).status, 200);
    // Then a request without a parent: once its span is in, the others' would be.
    assert.equal((await send('after-parents')).status, 200);
    await waitFor('the spans', () => (spansOf('parent-sampled').length > 0 && spansOf('after-parents').length > 0 ? true : undefined),
      { timeoutMs: SPANS_TIMEOUT_MS, intervalMs: 250 });
    assert.equal(spansOf('parent-unsampled').length, 0, 'the parent\'s decision not to sample is kept');
    const [span] = spansOf('parent-sampled') as [ReadSpan];
    assert.equal(span.traceId, sampled.split('-')[1], 'the span joins the parent\'s trace');
    assert.equal(span.parentSpanId, sampled.split('-')[2]);
  });

  test('at 0% no request is exported; back at 100% they are again', async () => {
    await reconfigure({ numerator: 0, denominator: 100 }, 'pier-e2e-zero');
    const zero = Array.from({ length: 10 }, (_, i) => `zero-${i}`);
    for (const user of zero) assert.equal((await send(user)).status, 200);
    assert.equal((await send('zero-parent', { traceparent: sampledTraceparent() })).status, 200);
    await reconfigure({ numerator: 100, denominator: 100 }, 'pier-e2e-again');
    // Spans leave Envoy in the order requests were traced: once this one is in, theirs would be.
    assert.equal((await send('fence')).status, 200);
    await waitFor('the fence span', () => (spansOf('fence').length > 0 ? true : undefined), { timeoutMs: SPANS_TIMEOUT_MS, intervalMs: 250 });
    assert.equal(spansOf('fence')[0]?.resource['service.name'], 'pier-e2e-again');
    assert.deepEqual([...zero, 'zero-parent'].filter((u) => spansOf(u).length > 0), [], 'nothing was traced at 0%');
    assert.equal(collector.spans().filter((s) => s.resource['service.name'] === 'pier-e2e-zero').length, 0);
    const statuses = await pier.admin<StatusEntry[]>('/statuses');
    const accepted = statuses.find((s) => s.kind === 'XTelemetryPolicy' && s.name === 'a-tracing')?.status.ancestors[0]?.conditions[0];
    assert.deepEqual([accepted?.status, accepted?.observedGeneration], ['True', 3], 'observedGeneration follows the edits');
  });
});
