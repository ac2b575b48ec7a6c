// Upstream: sigs.k8s.io/gateway-api/conformance@v1.7.0 tests/httproute-backend-protocol-websocket.go
import WebSocket from 'ws';
import { INFRA_NAMESPACE } from '../harness';
import { awaitConvergence } from '../http';
import { gatewayAndHTTPRoutesMustBeAccepted, gatewayRef } from '../kubernetes';
import type { ConformanceTest } from '../types';

export const HTTPRouteBackendProtocolWebSocket: ConformanceTest = {
  shortName: 'HTTPRouteBackendProtocolWebSocket',
  description: 'A HTTPRoute with a BackendRef that has an appProtocol kubernetes.io/ws should be functional',
  upstream: 'tests/httproute-backend-protocol-websocket.go',
  features: ['Gateway', 'HTTPRoute', 'HTTPRouteBackendProtocolWebSocket'],
  manifests: ['tests/httproute-backend-protocol-websocket.yaml'],
  async test(t, s) {
    const ns = INFRA_NAMESPACE;
    const routeNN = { name: 'backend-protocol-ws', namespace: ns };
    const gwNN = { name: 'same-namespace', namespace: ns };
    const gwAddr = await gatewayAndHTTPRoutesMustBeAccepted(t, s, gatewayRef(gwNN), routeNN);

    await t.run('websocket connection should reach backend', async (t) => {
      await awaitConvergence(t, s, s.timeouts.requiredConsecutiveSuccesses, s.timeouts.maxTimeToConsistency, async () => {
        const origin = `ws://gateway/${t.path}`;
        const remote = `ws://${gwAddr}/ws`;
        let ws: WebSocket;
        try {
          ws = await dial(remote, origin, s.timeouts.requestTimeout);
        } catch (err) {
          return `failed to dial ${(err as Error).message}`;
        }
        try {
          const textMessage = 'Websocket Support!';
          const textReply = await exchange(ws, textMessage, s.timeouts.requestTimeout);
          if (textReply.toString('utf8') !== textMessage) return `unexpected reply - want: ${textMessage} got: ${textReply.toString('utf8')}`;
          const binaryMessage = Buffer.from([1, 2, 3, 4, 5, 6, 7]);
          const binaryReply = await exchange(ws, binaryMessage, s.timeouts.requestTimeout);
          if (!binaryReply.equals(binaryMessage)) return `unexpected reply - want: ${binaryMessage.toString('hex')} got: ${binaryReply.toString('hex')}`;
          return null;
        } catch (err) {
          return `failed to exchange frames: ${(err as Error).message}`;
        } finally {
          ws.terminate();
        }
      });
    });
  },
};

/** websocket.Dial: the handshake, with the Origin the Go client sends. */
function dial(remote: string, origin: string, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(remote, { origin, handshakeTimeout: timeoutMs });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => { ws.terminate(); reject(new Error(`bad status ${res.statusCode}`)); });
  });
}

/** websocket.Message.Send then Receive: one frame out, the next frame back. */
function exchange(ws: WebSocket, message: string | Buffer, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no reply in ${timeoutMs}ms`)), timeoutMs);
    ws.once('message', (data: WebSocket.RawData) => {
      clearTimeout(timer);
      resolve(Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer));
    });
    ws.send(message, { binary: typeof message !== 'string' }, (err) => { if (err) { clearTimeout(timer); reject(err); } });
  });
}

