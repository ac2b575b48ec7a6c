/**
 * The API watch client's stream against a real HTTP server on loopback: events cut anywhere
 * (inside a JSON object, inside a UTF-8 character) arrive whole and in order; the end of the
 * stream resolves, a broken or garbled stream rejects naming the collection, an abort resolves,
 * and an error answer keeps the server's Status.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { kubeConnectionFromYaml } from '../../../src/kubeclient/config';
import { ApiWatchClient, KubernetesApiError, type WatchEvent, type WatchedObject } from '../../../src/kubeclient/watch';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const OPTIONS = { resourceVersion: '1', allowWatchBookmarks: true, timeoutSeconds: 30 };
const RESOURCE = { group: 'gateway.networking.k8s.io', version: 'v1', kind: 'HTTPRoute', plural: 'httproutes', namespaced: true };

describe('API watch client: the watch stream', () => {
  let server: http.Server;
  let handler: Handler = (_req, res) => res.end();
  let client: ApiWatchClient<WatchedObject>;
  const seen: string[] = [];

  before(async () => {
    server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const connection = kubeConnectionFromYaml(`current-context: t\ncontexts: [{name: t, context: {cluster: c}}]\nclusters: [{name: c, cluster: {server: "${url}"}}]\n`, 'test', '/');
    client = new ApiWatchClient<WatchedObject>({ connection, resource: RESOURCE, namespace: 'ns' });
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const collect = async (signal = new AbortController().signal): Promise<WatchEvent<WatchedObject>[]> => {
    const events: WatchEvent<WatchedObject>[] = [];
    await client.watch({ resourceVersion: '7', allowWatchBookmarks: true, timeoutSeconds: 30 }, (e) => events.push(e), signal);
    return events;
  };

  test('events cut anywhere arrive whole, in order; the end of the stream resolves', async () => {
    const lines = [
      { type: 'ADDED', object: { metadata: { name: 'caf\u00e9-\u{1F600}', resourceVersion: '8' } } },
      { type: 'SOMETHING', object: {} },
      { type: 'MODIFIED', object: { metadata: { name: 'b', resourceVersion: '9' } } },
      { type: 'BOOKMARK', object: { metadata: { resourceVersion: '10' } } },
    ].map((e) => JSON.stringify(e)).join('\n') + '\n';
    const bytes = Buffer.from(lines);
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      // One byte at a time: every cut, including inside the multi-byte characters.
      let i = 0;
      const next = (): void => {
        if (i >= bytes.length) { res.end(); return; }
        res.write(bytes.subarray(i, i + 1));
        i++;
        setImmediate(next);
      };
      next();
    };
    const events = await collect();
    const meta = (e: WatchEvent<WatchedObject>): { name?: string; resourceVersion?: string } => ('metadata' in e.object ? e.object.metadata ?? {} : {});
    assert.deepEqual(events.map((e) => [e.type, meta(e).name ?? '', meta(e).resourceVersion]), [
      ['ADDED', 'caf\u00e9-\u{1F600}', '8'], ['MODIFIED', 'b', '9'], ['BOOKMARK', '', '10'],
    ]);
    const query = new URL(seen.at(-1) ?? '', 'http://x').searchParams;
    assert.equal(new URL(seen.at(-1) ?? '', 'http://x').pathname, '/apis/gateway.networking.k8s.io/v1/namespaces/ns/httproutes');
    assert.deepEqual([query.get('watch'), query.get('resourceVersion'), query.get('allowWatchBookmarks'), query.get('timeoutSeconds')], ['true', '7', 'true', '30']);
  });

  test('a line that is not a JSON event rejects, naming the collection', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write(`${JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'a' } } })}\n{"type": "MODIF`);
      res.end('IED"\n');
    };
    const events: string[] = [];
    await assert.rejects(client.watch(OPTIONS, (e) => events.push(e.type), new AbortController().signal), /watch \/apis\/gateway\.networking\.k8s\.io\/v1\/namespaces\/ns\/httproutes: the server sent a line that is not a JSON event/);
    assert.deepEqual(events, ['ADDED']);
  });

  test('a connection broken mid-stream rejects', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write(`${JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'a' } } })}\n`);
      setTimeout(() => res.socket?.destroy(), 20);
    };
    await assert.rejects(collect(), /watch \/apis\/gateway\.networking\.k8s\.io\/v1\/namespaces\/ns\/httproutes: /);
  });

  test('an abort ends the watch quietly', async () => {
    handler = (_req, res) => {
      res.writeHead(200);
      res.write(`${JSON.stringify({ type: 'ADDED', object: { metadata: { name: 'a' } } })}\n`);
    };
    const controller = new AbortController();
    const events: string[] = [];
    const watching = client.watch(OPTIONS, (e) => {
      events.push(e.type);
      controller.abort();
    }, controller.signal);
    await watching;
    assert.deepEqual(events, ['ADDED']);
  });

  test('an error answer keeps the server\'s Status', async () => {
    handler = (_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ kind: 'Status', status: 'Failure', reason: 'Forbidden', message: 'httproutes is forbidden', code: 403 }));
    };
    await assert.rejects(collect(), (err: unknown) => err instanceof KubernetesApiError && err.statusCode === 403 && err.reason === 'Forbidden' && /httproutes is forbidden/.test(err.message));
  });
});
