/**
 * The replay's TLS pieces without Envoy: the suite's CA-signed certificates (openssl), echo-basic's
 * TCP echo server on TLS, and the TLS clients pointed straight at it (as a passthrough Gateway
 * would connect them): the echo exchange passes with the right expectations and fails with wrong
 * ones; a server that ends handshakes counts as a rejection, one that completes them does not.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { caCert, caSignedServerCert, type CertPair } from '../../conformance/certs';
import { TIMEOUTS } from '../../conformance/harness';
import { workloadsOf, type KubeDoc } from '../../conformance/manifests';
import { TcpEchoServer } from '../../conformance/backends/tcp-echo';
import { runTest } from '../../conformance/t';
import { makeTCPRequestAndExpectEventuallyValidResponse, makeTLSConnectionAndExpectEventuallyConnectionRejection } from '../../conformance/tls';
import { listenOn } from '../../helpers/net';

const quick = { timeouts: { ...TIMEOUTS, maxTimeToConsistency: 1500, requestTimeout: 1000, convergenceRetryDelay: 50 } };

describe('conformance replay TLS pieces', () => {
  let ca: CertPair;
  let echo: TcpEchoServer;
  let tlsAddr = '';
  let plainAddr = '';

  before(async () => {
    ca = caCert();
    const leaf = caSignedServerCert(['abc.example.com'], ca);
    echo = new TcpEchoServer({ namespace: 'gateway-conformance-infra', ingress: '', service: '', pod: 'tcp-backend-abc-def', tcpPort: '3000', tlsPort: '8443' });
    plainAddr = `127.0.0.1:${await echo.listen('127.0.0.1', 0)}`;
    tlsAddr = `127.0.0.1:${await echo.listenTls('127.0.0.1', 0, leaf)}`;
  });
  after(() => echo.close());

  test('the TCP echo exchange over TLS passes with what the backend saw', async () => {
    const r = await runTest('ok', 5000, (t) => makeTCPRequestAndExpectEventuallyValidResponse(t, quick, tlsAddr, ca.certPem, 'abc.example.com', {
      backendIsTLS: true, backend: 'tcp-backend', namespace: 'gateway-conformance-infra', hostname: 'abc.example.com',
    }));
    assert.deepEqual(r.failures, []);
  });

  test('wrong expectations fail: IS_TLS, pod prefix, namespace, SNI', async () => {
    const r = await runTest('bad', 5000, (t) => makeTCPRequestAndExpectEventuallyValidResponse(t, quick, tlsAddr, ca.certPem, 'abc.example.com', {
      backendIsTLS: false, backend: 'tls-backend', namespace: 'other', hostname: 'tls.example.com',
    }));
    const messages = r.failures.map((f) => f.message).join('\n');
    assert.match(messages, /IS_TLS: expected false, got true/);
    assert.match(messages, /pod=tcp-backend-abc-def and backend=tls-backend/);
    assert.match(messages, /namespace does not match/);
    assert.match(messages, /expected tls\.example\.com, got abc\.example\.com/);
  });

  test('a certificate not signed by the given CA is never accepted', async () => {
    const other = caCert();
    const r = await runTest('untrusted', 5000, (t) => makeTCPRequestAndExpectEventuallyValidResponse(t, quick, tlsAddr, other.certPem, 'abc.example.com', {
      backendIsTLS: true, backend: 'tcp-backend', namespace: 'gateway-conformance-infra',
    }));
    assert.equal(r.failures.length, 1);
    assert.match(r.failures[0].message, /Condition never satisfied/);
  });

  test('a server that ends the handshake rejects; one that completes it does not', async () => {
    const closer = net.createServer((socket) => socket.once('data', () => socket.destroy()));
    const port = await listenOn(closer, '127.0.0.1');
    try {
      const rejected = await runTest('rejected', 5000, (t) => makeTLSConnectionAndExpectEventuallyConnectionRejection(t, quick, `127.0.0.1:${port}`, 'non.matching.com'));
      assert.deepEqual(rejected.failures, []);
    } finally {
      closer.close();
    }
    const accepted = await runTest('accepted', 5000, (t) => makeTLSConnectionAndExpectEventuallyConnectionRejection(t, quick, tlsAddr, 'abc.example.com'));
    assert.equal(accepted.failures.length, 1);
  });

  test('the plain port answers IS_TLS false', async () => {
    // The plain port is no TLS server: a TLS client gets no handshake there, so this checks the
    // plain exchange by hand.
    const socket = net.connect(Number(plainAddr.split(':')[1]), '127.0.0.1');
    const text = await new Promise<string>((resolve, reject) => {
      let got = '';
      socket.setEncoding('utf8');
      socket.on('data', (c: string) => {
        got += c;
        if (got.split('\n').length > 3) resolve(got);
      });
      socket.on('error', reject);
      socket.write('IS_TLS\nTEST\n');
    });
    socket.destroy();
    const [welcome, isTls, test] = text.split('\n');
    assert.equal(welcome, 'Gateway API Test TCP Server');
    assert.equal(isTls, 'false');
    assert.deepEqual(JSON.parse(test), { namespace: 'gateway-conformance-infra', ingress: '', service: '', pod: 'tcp-backend-abc-def', tcpport: '3000', tlsport: '8443', isTLS: false });
  });
});

describe('workloads: echo-basic env and secret volumes', () => {
  const deployment = (env: Record<string, string>): KubeDoc => ({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'tls-backend', namespace: 'ns' },
    spec: {
      template: {
        metadata: { labels: { app: 'tls-backend' } },
        spec: {
          containers: [{
            name: 'c', volumeMounts: [{ name: 'secret-volume', mountPath: '/etc/secret-volume' }],
            env: Object.entries(env).map(([name, value]) => ({ name, value })),
          }],
          volumes: [{ name: 'secret-volume', secret: { secretName: 'tls-checks-certificate', items: [{ key: 'tls.crt', path: 'crt' }, { key: 'tls.key', path: 'key' }] } }],
        },
      },
    },
  });

  test('HTTPS echo: the certificate files map to the Secret keys; HTTPS_PORT defaults to 8443', () => {
    const [w] = workloadsOf([deployment({ TLS_SERVER_CERT: '/etc/secret-volume/crt', TLS_SERVER_PRIVKEY: '/etc/secret-volume/key' })]);
    assert.deepEqual(w.tls, {
      port: 8443,
      cert: { kind: 'Secret', name: 'tls-checks-certificate', key: 'tls.crt' },
      key: { kind: 'Secret', name: 'tls-checks-certificate', key: 'tls.key' },
    });
    assert.equal(w.httpPort, 3000);
  });

  test('TCP echo reads TLS_SERVER_PRIV_KEY and TLS_PORT; without a key there is no TLS', () => {
    const [tcp] = workloadsOf([deployment({ TCP_ECHO_SERVER: '1', TLS_SERVER_CERT: '/etc/secret-volume/crt', TLS_SERVER_PRIV_KEY: '/etc/secret-volume/key', TLS_PORT: '9443' })]);
    assert.equal(tcp.tls?.port, 9443);
    const [noKey] = workloadsOf([deployment({ TCP_ECHO_SERVER: '1', TLS_SERVER_CERT: '/etc/secret-volume/crt', TLS_SERVER_PRIVKEY: '/etc/secret-volume/key' })]);
    assert.equal(noKey.tls, undefined);
  });
});
