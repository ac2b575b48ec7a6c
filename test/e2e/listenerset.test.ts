/**
 * ListenerSet end to end in file mode: a Gateway that allows ListenerSets of its namespace gets a
 * listener on another port from a ListenerSet, and real Envoy serves it. A route attached to the
 * ListenerSet answers only there, a route attached to the Gateway only on the Gateway's own
 * listener; the statuses say so. Removing the ListenerSet takes its listener away.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { EchoBackend, type EchoResponse } from '../../src/demo/echo-backend';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';

const CONTROLLER = 'pier.dev/gateway-controller';
const ADDRESS = '127.0.0.27';

function service(name: string, port: number): string {
  return `apiVersion: v1
kind: Service
metadata: { name: ${name}, namespace: default }
spec:
  ports: [{ name: http, port: 80, targetPort: ${port} }]
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: { name: ${name}-1, namespace: default, labels: { kubernetes.io/service-name: ${name} } }
addressType: IPv4
endpoints: [{ addresses: ["127.0.0.1"], conditions: { ready: true } }]
ports: [{ name: http, port: ${port}, protocol: TCP }]
`;
}

function gateway(port: number): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: { name: e2e }
spec: { controllerName: ${CONTROLLER} }
---
apiVersion: gateway.networking.k8s.io/v1
kind: Gateway
metadata: { name: edge, namespace: default }
spec:
  gatewayClassName: e2e
  addresses: [{ type: IPAddress, value: "${ADDRESS}" }]
  allowedListeners: { namespaces: { from: Same } }
  listeners:
    - { name: http, protocol: HTTP, port: ${port} }
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: main, namespace: default }
spec:
  parentRefs: [{ name: edge }]
  rules:
    - matches: [{ path: { type: PathPrefix, value: /main } }]
      backendRefs: [{ name: green, port: 80 }]
`;
}

function listenerSet(port: number): string {
  return `apiVersion: gateway.networking.k8s.io/v1
kind: ListenerSet
metadata: { name: extra, namespace: default }
spec:
  parentRef: { name: edge }
  listeners:
    - { name: shop, protocol: HTTP, port: ${port}, hostname: shop.example.com }
---
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata: { name: shop, namespace: default }
spec:
  parentRefs: [{ group: gateway.networking.k8s.io, kind: ListenerSet, name: extra, sectionName: shop }]
  rules:
    - matches: [{ path: { type: PathPrefix, value: /shop } }]
      backendRefs: [{ name: blue, port: 80 }]
`;
}

type Condition = { type: string; status: string; reason: string };
type Status = {
  kind: string;
  name: string;
  status: {
    conditions?: Condition[];
    attachedListenerSets?: number;
    listeners?: { name: string; attachedRoutes: number; conditions: Condition[] }[];
    parents?: { parentRef: { kind?: string; name: string }; conditions: Condition[] }[];
  };
};

const summary = (conditions: Condition[] | undefined): string => (conditions ?? []).map((c) => `${c.type}=${c.status}`).sort().join(' ');

describe('ListenerSet through real Envoy', () => {
  let dir: string;
  let gatewayPort: number;
  let setPort: number;
  let pier: PierProcess;
  const blue = new EchoBackend({ service: 'blue', namespace: 'default', pod: 'blue-1' });
  const green = new EchoBackend({ service: 'green', namespace: 'default', pod: 'green-1' });

  /** The echo backend that answered, or the status code when none did. */
  const reach = async (port: number, p: string, host?: string): Promise<string> => {
    const r = await httpRequest(`http://${ADDRESS}:${port}${p}`, { timeoutMs: 1000, ...(host ? { headers: { host } } : {}) });
    return r.status === 200 ? (JSON.parse(r.body) as EchoResponse).service : `status ${r.status}`;
  };

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-listenerset-'));
    gatewayPort = await freePort(ADDRESS);
    setPort = await freePort(ADDRESS);
    writeFileSync(path.join(dir, 'services.yaml'), `${service('blue', await blue.listen('127.0.0.1', 0))}---\n${service('green', await green.listen('127.0.0.1', 0))}`);
    writeFileSync(path.join(dir, 'gateway.yaml'), gateway(gatewayPort));
    writeFileSync(path.join(dir, 'listenerset.yaml'), listenerSet(setPort));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'auto', envoyLogLevel: 'warning' } });
  });

  after(async () => {
    const code = await pier?.stop();
    await blue.close();
    await green.close();
    rmSync(dir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test("the ListenerSet's listener serves its route, and only its route", async () => {
    const served = await waitFor('Envoy to serve the ListenerSet listener', async () => {
      const backend = await reach(setPort, '/shop/cart', 'shop.example.com').catch(() => undefined);
      return backend === 'blue' ? backend : undefined;
    }, { timeoutMs: 20_000 });
    assert.equal(served, 'blue');
    assert.equal(await reach(setPort, '/main', 'shop.example.com'), 'status 404', "the Gateway's route is not on the ListenerSet listener");
    assert.equal(await reach(setPort, '/shop/cart', 'other.example.com'), 'status 404', 'the listener hostname applies');
    assert.equal(await reach(gatewayPort, '/main'), 'green', "the Gateway's own listener serves the Gateway's route");
    assert.equal(await reach(gatewayPort, '/shop/cart', 'shop.example.com'), 'status 404', "the ListenerSet's route is not on the Gateway's listener");
  });

  test('statuses: the ListenerSet is attached, its listener counts the route, the route is accepted by it', async () => {
    const statuses = await pier.admin<Status[]>('/statuses');
    const gw = statuses.find((s) => s.kind === 'Gateway' && s.name === 'edge');
    assert.equal(gw?.status.attachedListenerSets, 1);
    assert.deepEqual(gw?.status.listeners?.map((l) => l.name), ['http'], "the Gateway's status lists its own listeners only");
    const set = statuses.find((s) => s.kind === 'ListenerSet' && s.name === 'extra');
    assert.equal(summary(set?.status.conditions), 'Accepted=True Programmed=True');
    assert.equal(set?.status.listeners?.length, 1);
    assert.equal(set?.status.listeners?.[0]?.attachedRoutes, 1);
    assert.equal(summary(set?.status.listeners?.[0]?.conditions), 'Accepted=True Conflicted=False Programmed=True ResolvedRefs=True');
    const shop = statuses.find((s) => s.kind === 'HTTPRoute' && s.name === 'shop');
    assert.equal(shop?.status.parents?.[0]?.parentRef.kind, 'ListenerSet');
    assert.equal(summary(shop?.status.parents?.[0]?.conditions), 'Accepted=True ResolvedRefs=True');
  });

  test("removing the ListenerSet takes its listener away; the Gateway's keeps serving", async () => {
    unlinkSync(path.join(dir, 'listenerset.yaml'));
    await waitFor('Envoy to drop the ListenerSet listener', async () => {
      const outcome = await reach(setPort, '/shop/cart', 'shop.example.com').catch(() => 'refused');
      return outcome === 'refused' ? true : undefined;
    }, { timeoutMs: 20_000 });
    assert.equal(await reach(gatewayPort, '/main'), 'green');
    const statuses = await pier.admin<Status[]>('/statuses');
    assert.equal(statuses.find((s) => s.kind === 'Gateway' && s.name === 'edge')?.status.attachedListenerSets, 0);
    assert.equal(statuses.some((s) => s.kind === 'ListenerSet'), false, 'a ListenerSet that is gone has no status');
  });
});
