/**
 * ObservabilityPolicy access logs through the real `pier serve` CLI, which launches the Gateway's
 * Envoy itself (host infrastructure: Envoy's stdout lines become Pier's `envoy access` log lines).
 * One Gateway, two listeners, one HTTPRoute to an echo backend that answers with the status the
 * path asks for (/status/404).
 * - a Gateway-wide policy: JSON entries with the user's fields, to a file, only errors (>= 400);
 * - a listener policy (sectionName) overrides it there: a text line of the user's format on stdout;
 * - statuses: Accepted with observedGeneration; TargetNotFound for a listener the Gateway lacks;
 * - removing the policies brings back Envoy's default line on stdout, and the file stops growing.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { observabilityPolicy } from './features/observability';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.102';
const READY_TIMEOUT_MS = 60_000;

function policy(name: string, targetRef: Record<string, unknown>, accessLogs: unknown[]): Record<string, unknown> {
  return observabilityPolicy(name, targetRef, { accessLogs });
}

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { kind?: string; name: string }; controllerName: string; conditions: Condition[] }[] };
}

describe('ObservabilityPolicy access logs through pier serve and the Envoy it launches', { timeout: 240_000 }, () => {
  let dir: string;
  let logDir: string;
  let pier: PierProcess;
  let jsonPort: number;
  let textPort: number;
  // Answers with the status the path names (/status/404), else 200.
  const echo = http.createServer((req, res) => {
    const m = /^\/status\/(\d{3})/.exec(req.url ?? '');
    res.writeHead(m ? Number(m[1]) : 200, { 'content-type': 'text/plain' }).end('ok');
  });

  const get = (port: number, p: string): Promise<number> => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { timeoutMs: 15_000 }).then((r) => r.status);
  const jsonLog = (): string => path.join(logDir, 'errors.json.log');
  const allJsonEntries = (): Record<string, unknown>[] => (existsSync(jsonLog()) ? readFileSync(jsonLog(), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) : []);
  /** The file's entries but the readiness probes' (Envoy flushes on a timer: a probe's entry may land late). */
  const jsonEntries = (): Record<string, unknown>[] => allJsonEntries().filter((e) => !String(e.path).endsWith('?probe'));
  const accessLines = (): string[] => pier.logs.filter((l) => l.msg === 'envoy access').map((l) => String(l.access));

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-observability-'));
    logDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-observability-logs-'));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoPort = (echo.address() as AddressInfo).port;
    jsonPort = await freePort(GATEWAY_ADDRESS);
    textPort = await freePort(GATEWAY_ADDRESS);
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('observed', GATEWAY_ADDRESS, [{ name: 'json', protocol: 'HTTP', port: jsonPort }, { name: 'text', protocol: 'HTTP', port: textPort }]),
      ...backend('echo', echoPort),
      route('HTTPRoute', 'app', 'observed', { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ name: 'echo', port: 80 }] }] }),
    ]));
    writeFileSync(path.join(dir, 'policies.yaml'), manifest([
      policy('errors-as-json', { kind: 'Gateway', name: 'observed' }, [{
        format: { type: 'JSON', json: { method: '%REQ(:METHOD)%', path: '%REQ(:PATH)%', code: '%RESPONSE_CODE%', listener: 'json' } },
        sink: { type: 'File', path: jsonLog() },
        filter: { statusCodes: { min: 400 } },
      }]),
      policy('text-listener', { kind: 'Gateway', name: 'observed', sectionName: 'text' }, [{
        format: { type: 'Text', text: 'pier-text %REQ(:METHOD)% %REQ(:PATH)% -> %RESPONSE_CODE%' },
        sink: { type: 'Stdout' },
      }]),
      policy('missing-listener', { kind: 'Gateway', name: 'observed', sectionName: 'nope' }, []),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the Gateway to serve with its policies', async () => {
      const status = await get(jsonPort, '/status/418?probe').catch(() => 0);
      return status === 418 && allJsonEntries().length > 0 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
  });

  after(async () => {
    const code = await pier?.stop();
    echo.closeAllConnections();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    for (const d of [dir, logDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('JSON entries with the user\'s fields go to the file, errors only', async () => {
    const before = jsonEntries().length;
    assert.equal(await get(jsonPort, '/fine'), 200);
    assert.equal(await get(jsonPort, '/status/404'), 404);
    assert.equal(await get(jsonPort, '/status/503'), 503);
    const entries = await waitFor('two error entries in the file', async () => {
      const all = jsonEntries().slice(before);
      return all.length >= 2 ? all : undefined;
    }, { timeoutMs: 15_000, intervalMs: 100 });
    // Envoy flushes the file on a timer: a late /fine entry would show up by now too.
    await new Promise((r) => setTimeout(r, 1500));
    const after = jsonEntries().slice(before);
    assert.deepEqual(after.map((e) => [e.method, e.path, e.code, e.listener]), [['GET', '/status/404', 404, 'json'], ['GET', '/status/503', 503, 'json']]);
    assert.deepEqual(Object.keys(entries[0]!).sort(), ['code', 'listener', 'method', 'path'], 'exactly the fields the policy names');
    assert.equal(accessLines().some((l) => l.includes('/fine')), false, 'the JSON listener writes nothing on stdout (its default line is replaced)');
  });

  test('the listener policy overrides the Gateway\'s there: the user\'s text line on stdout, every status', async () => {
    const before = jsonEntries().length;
    assert.equal(await get(textPort, '/hello'), 200);
    assert.equal(await get(textPort, '/status/404'), 404);
    const lines = await waitFor('two text lines from Envoy\'s stdout', async () => {
      const l = accessLines().filter((x) => x.startsWith('pier-text '));
      return l.length >= 2 ? l : undefined;
    }, { timeoutMs: 15_000, intervalMs: 100 });
    assert.deepEqual(lines.slice(-2), ['pier-text GET /hello -> 200', 'pier-text GET /status/404 -> 404']);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(jsonEntries().length, before, 'the Gateway-wide JSON log does not apply to the text listener');
  });

  test('statuses: Accepted with observedGeneration; TargetNotFound for a listener the Gateway lacks', async () => {
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const accepted = (name: string): Condition | undefined => {
      const s = statuses.find((e) => e.kind === 'ObservabilityPolicy' && e.name === name);
      assert.equal(s?.status.ancestors.length, 1, `${name}: one ancestor`);
      assert.equal(s!.status.ancestors[0]!.controllerName, CONTROLLER);
      assert.equal(s!.status.ancestors[0]!.ancestorRef.name, 'observed');
      return s!.status.ancestors[0]!.conditions.find((c) => c.type === 'Accepted');
    };
    for (const name of ['errors-as-json', 'text-listener']) assert.deepEqual([accepted(name)?.status, accepted(name)?.reason, accepted(name)?.observedGeneration], ['True', 'Accepted', 1], name);
    const missing = accepted('missing-listener');
    assert.deepEqual([missing?.status, missing?.reason], ['False', 'TargetNotFound']);
    assert.match(missing?.message ?? '', /listener nope not found/);
  });

  test('removing the policies brings back Envoy\'s default line on stdout; the file stops growing', async () => {
    unlinkSync(path.join(dir, 'policies.yaml'));
    const line = await waitFor('Envoy\'s default access line', async () => {
      await get(jsonPort, '/status/404?after-removal');
      return accessLines().find((l) => l.includes('"GET /status/404?after-removal HTTP/1.1" 404'));
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 300 });
    assert.ok(line);
    const size = jsonEntries().length;
    assert.equal(await get(jsonPort, '/status/500'), 500);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(jsonEntries().length, size, 'no policy, no JSON file entries');
  });
});
