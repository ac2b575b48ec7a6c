/**
 * ObservabilityPolicy on routes and rules through the real `pier serve` CLI and the Envoy it
 * launches. Envoy has no per-route access log: each route carries its policy's id in its
 * metadata, and the connection manager writes the route policy's logs behind a CEL filter on it,
 * the listener's logs behind one that skips such routes.
 * - the Gateway's policy: JSON entries to file "listener";
 * - rule "checkout" of HTTPRoute "shop": JSON entries to file "rule" (and not to "listener");
 * - HTTPRoute "other" (the whole route): a text line to file "route";
 * - rule "plain" of "shop" has no policy: the Gateway's; a request no route matches (404): the Gateway's.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, listenOn, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { stopEnvoyPierBackend } from '../helpers/teardown';
import { observabilityPolicy } from './features/observability';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.166';
const READY_TIMEOUT_MS = 60_000;

function policy(name: string, targetRef: Record<string, unknown>, accessLogs: unknown[]): Record<string, unknown> {
  return observabilityPolicy(name, targetRef, { accessLogs });
}

describe('ObservabilityPolicy access logs per route and rule, through the Envoy pier serve launches', { timeout: 300_000 }, () => {
  let dir: string;
  let pier: PierProcess;
  let port: number;
  const echo = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  const file = (name: string): string => path.join(dir, `${name}.log`);
  const lines = (name: string): string[] => (existsSync(file(name)) ? readFileSync(file(name), 'utf8').split('\n').filter(Boolean) : []);
  const paths = (name: string): string[] => lines(name).map((l) => String((JSON.parse(l) as { path: string }).path)).filter((p) => !p.includes('probe'));
  const get = (p: string): Promise<number> => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { timeoutMs: 15_000 }).then((r) => r.status);

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-observability-routes-'));
    const echoPort = await listenOn(echo, '127.0.0.1');
    port = await freePort(GATEWAY_ADDRESS);
    const json = (who: string) => ({ type: 'JSON', json: { path: '%REQ(:PATH)%', code: '%RESPONSE_CODE%', who } });
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('routed', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('echo', echoPort),
      route('HTTPRoute', 'shop', 'routed', { rules: [
        { name: 'checkout', matches: [{ path: { type: 'PathPrefix', value: '/checkout' } }], backendRefs: [{ name: 'echo', port: 80 }] },
        { name: 'plain', matches: [{ path: { type: 'PathPrefix', value: '/plain' } }], backendRefs: [{ name: 'echo', port: 80 }] },
      ] }),
      route('HTTPRoute', 'other', 'routed', { rules: [{ matches: [{ path: { type: 'PathPrefix', value: '/other' } }], backendRefs: [{ name: 'echo', port: 80 }] }] }),
      policy('gateway-logs', { kind: 'Gateway', name: 'routed' }, [{ format: json('listener'), sink: { type: 'File', path: file('listener') } }]),
      policy('checkout-logs', { kind: 'HTTPRoute', name: 'shop', sectionName: 'checkout' }, [{ format: json('rule'), sink: { type: 'File', path: file('rule') } }]),
      policy('other-logs', { kind: 'HTTPRoute', name: 'other' }, [{ format: { type: 'Text', text: 'other %REQ(:PATH)% %RESPONSE_CODE%' }, sink: { type: 'File', path: file('route') } }]),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning' } });
    await waitFor('the Gateway to serve with its policies', async () => {
      const status = await get('/checkout/probe').catch(() => 0);
      return status === 200 && lines('rule').length > 0 ? true : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 300 });
  });

  after(async () => {
    const code = await stopEnvoyPierBackend(undefined, pier, echo, [dir]);
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('each request is written by the most specific policy only: rule, route, else the Gateway\'s (also when no route matches)', async () => {
    assert.equal(await get('/checkout/cart'), 200);
    assert.equal(await get('/plain/page'), 200);
    assert.equal(await get('/other/thing'), 200);
    assert.equal(await get('/nowhere'), 404);
    await waitFor('the entries', () => (paths('rule').includes('/checkout/cart') && paths('listener').includes('/nowhere')
      && lines('route').some((l) => l.includes('/other/thing')) ? true : undefined), { timeoutMs: 20_000, intervalMs: 200 }).catch((err) => {
      throw new Error(`${(err as Error).message}: rule ${JSON.stringify(lines('rule'))}, listener ${JSON.stringify(lines('listener'))}, route ${JSON.stringify(lines('route'))}`);
    });
    // Envoy flushes files on a timer: entries that should not be there would be by now.
    await new Promise((r) => setTimeout(r, 1500));
    assert.deepEqual(paths('rule'), ['/checkout/cart'], 'the rule\'s policy writes its requests only');
    assert.deepEqual(paths('listener').sort(), ['/nowhere', '/plain/page'], 'the Gateway\'s policy: the rule without a policy, and no route');
    assert.deepEqual(lines('route'), ['other /other/thing 200'], 'the route\'s own text line');
    const ruleEntry = JSON.parse(lines('rule').find((l) => l.includes('/checkout/cart'))!) as Record<string, unknown>;
    assert.deepEqual(ruleEntry, { path: '/checkout/cart', code: 200, who: 'rule' });
  });

  test('statuses: the route and rule policies are Accepted on the Gateway', async () => {
    const statuses = await pier.admin<{ kind: string; name: string; status: { ancestors: { ancestorRef: { name: string }; conditions: { status: string; reason: string }[] }[] } }[]>('/statuses');
    for (const name of ['gateway-logs', 'checkout-logs', 'other-logs']) {
      const a = statuses.find((s) => s.kind === 'ObservabilityPolicy' && s.name === name)?.status.ancestors[0];
      assert.equal(a?.ancestorRef.name, 'routed', name);
      assert.deepEqual([a?.conditions[0]?.status, a?.conditions[0]?.reason], ['True', 'Accepted'], name);
    }
  });
});
