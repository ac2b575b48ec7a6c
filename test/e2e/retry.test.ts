/**
 * HTTPRoute rules[].retry through the real `pier serve` CLI and a real Envoy: a flaky loopback
 * backend fails the first tries of each request (a listed status code, an unlisted one, a reset
 * connection, an answer slower than timeouts.backendRequest) and counts the tries it saw, so
 * each case checks both what the client got and how often Envoy tried. A Service with one live
 * and one refusing endpoint checks that refused connections are retried.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.81';
/** Nothing listens here: connections to it are refused. */
const DEAD_ADDRESS = '127.0.0.82';
const READY_TIMEOUT_MS = 30_000;

/**
 * Fails the first `fail` tries of each request id (query `id`) as `mode` says, then answers 200
 * with the number of tries it saw. Modes: a status code (`500`), `reset` (the connection is reset
 * without an answer), `slow` (answers 200 after 1.5 s).
 */
class FlakyBackend {
  readonly tries = new Map<string, number>();
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor() {
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  async listen(host: string): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
    return (this.server.address() as AddressInfo).port;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://backend');
    const id = url.searchParams.get('id') ?? '';
    const fail = Number(url.searchParams.get('fail') ?? '0');
    const mode = url.searchParams.get('mode') ?? '500';
    const tries = (this.tries.get(id) ?? 0) + 1;
    this.tries.set(id, tries);
    const answer = (status: number) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, tries }));
    };
    if (tries > fail) return answer(200);
    if (mode === 'reset') {
      req.socket.resetAndDestroy();
      return;
    }
    if (mode === 'slow') {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (!res.destroyed) answer(200);
      }, 1500);
      this.timers.add(timer);
      return;
    }
    answer(Number(mode));
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function rule(prefix: string, backendName: string, extra: Record<string, unknown>): Record<string, unknown> {
  return { matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: backendName, port: 80 }], ...extra };
}

// The waits inside are bounded; this is the backstop should something hang.
describe('HTTPRoute retries through pier serve and real Envoy', { timeout: 120_000 }, () => {
  let dir: string;
  let pier: PierProcess;
  let port: number;
  const flaky = new FlakyBackend();
  const halfDead = new FlakyBackend();
  let counter = 0;

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-retry-'));
    const flakyPort = await flaky.listen('127.0.0.1');
    const halfDeadPort = await halfDead.listen('127.0.0.1');
    port = await freePort(GATEWAY_ADDRESS);
    const halfDeadService = backend('half-dead', halfDeadPort);
    // Two endpoints on the same port: the live backend, and an address nobody listens on.
    (halfDeadService[1] as { endpoints: unknown[] }).endpoints = [
      { addresses: ['127.0.0.1'], conditions: { ready: true } },
      { addresses: [DEAD_ADDRESS], conditions: { ready: true } },
    ];
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('retry', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('flaky', flakyPort),
      ...halfDeadService,
      route('HTTPRoute', 'retry', 'retry', {
        rules: [
          rule('/codes', 'flaky', { retry: { codes: [500, 503], attempts: 2, backoff: '10ms' } }),
          rule('/connection', 'flaky', { retry: { attempts: 2, backoff: '10ms' } }),
          rule('/per-try', 'flaky', { retry: { attempts: 1, backoff: '10ms' }, timeouts: { request: '10s', backendRequest: '500ms' } }),
          rule('/none', 'flaky', {}),
          rule('/half-dead/retried', 'half-dead', { retry: { attempts: 2, backoff: '10ms' } }),
          rule('/half-dead/once', 'half-dead', {}),
        ],
      }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the Gateway to serve', async () => {
      const r = await httpRequest(`http://${GATEWAY_ADDRESS}:${port}/none?id=ready`, { timeoutMs: 2000 }).catch(() => undefined);
      return r?.status === 200 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
  });

  after(async () => {
    const code = await pier?.stop();
    await flaky.close();
    await halfDead.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  /** One request with a fresh id; what the client got and how many tries the backend saw. */
  const send = async (p: string, query: Record<string, string>): Promise<{ result: HttpResult; tries: number }> => {
    const id = `r${++counter}`;
    const qs = new URLSearchParams({ id, ...query }).toString();
    const result = await httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}?${qs}`, { timeoutMs: 10_000 });
    return { result, tries: flaky.tries.get(id) ?? 0 };
  };

  test('a listed status code is retried up to attempts times; the last answer goes to the client', async () => {
    let r = await send('/codes', { mode: '500', fail: '2' });
    assert.deepEqual([r.result.status, r.tries], [200, 3], 'two failures, then success on the second retry');
    r = await send('/codes', { mode: '503', fail: '1' });
    assert.deepEqual([r.result.status, r.tries], [200, 2]);
    r = await send('/codes', { mode: '500', fail: '3' });
    assert.deepEqual([r.result.status, r.tries], [500, 3], 'attempts 2: three tries in all, then the failure');
  });

  test('a status code that is not listed is not retried', async () => {
    const r = await send('/codes', { mode: '502', fail: '1' });
    assert.deepEqual([r.result.status, r.tries], [502, 1]);
    const none = await send('/connection', { mode: '500', fail: '1' });
    assert.deepEqual([none.result.status, none.tries], [500, 1], 'a retry without codes retries no status code');
  });

  test('a reset connection is retried whenever a retry is configured, and only then', async () => {
    const r = await send('/connection', { mode: 'reset', fail: '2' });
    assert.deepEqual([r.result.status, r.tries], [200, 3]);
    const codes = await send('/codes', { mode: 'reset', fail: '1' });
    assert.deepEqual([codes.result.status, codes.tries], [200, 2], 'a rule with codes retries resets too');
    const none = await send('/none', { mode: 'reset', fail: '1' });
    assert.equal(none.tries, 1, 'no retry configured: one try');
    assert.equal(none.result.status, 503, 'Envoy answers the reset itself');
  });

  test('a try slower than timeouts.backendRequest is cut and retried', async () => {
    const r = await send('/per-try', { mode: 'slow', fail: '1' });
    assert.deepEqual([r.result.status, r.tries], [200, 2]);
    const twice = await send('/per-try', { mode: 'slow', fail: '2' });
    assert.deepEqual([twice.result.status, twice.tries], [504, 2], 'attempts 1: the second slow try ends the request with a timeout');
  });

  test('a refused connection is retried on another endpoint', async () => {
    const outcomes = async (p: string): Promise<number[]> => {
      const out: number[] = [];
      for (let i = 0; i < 10; i++) out.push((await httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}?id=h${++counter}`, { timeoutMs: 10_000 })).status);
      return out;
    };
    assert.deepEqual(await outcomes('/half-dead/retried'), Array(10).fill(200), 'every request reaches the live endpoint');
    const once = await outcomes('/half-dead/once');
    assert.ok(once.includes(503), `without a retry, requests sent to the refusing endpoint fail: ${once.join(',')}`);
    assert.ok(once.includes(200), `and the others succeed: ${once.join(',')}`);
  });
});
