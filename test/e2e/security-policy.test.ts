/**
 * SecurityPolicy JWT authentication through the real `pier serve` CLI and a real Envoy: one
 * Gateway, one HTTPRoute with named rules, an echo backend that answers with the request headers.
 * - a Gateway-wide policy with a local JWKS (ES256 keys in a Secret) refuses requests without a
 *   valid token (401) and lets signed ones through; changing the Secret changes the keys;
 * - a rule-level policy with a remote JWKS fetched by Envoy over HTTPS from a test server (its
 *   CA from a ConfigMap; a real TLS handshake) replaces it on that rule: RS256 tokens with the
 *   right issuer and audience pass, their sub claim reaches the backend as a header;
 * - a provider whose JWKS server does not chain to its CA never gets keys: its tokens are refused;
 * - optional: no token passes, an invalid one does not; a token read from a query parameter;
 * - statuses: Accepted, Invalid naming the field and the missing Secret.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor, type HttpResult } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { jwks, signJwt, signingKey, type SigningKey } from '../helpers/jwt';
import { certificateAuthority, serverCertificate } from './features/certs';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.102';
const READY_TIMEOUT_MS = 30_000;
const REMOTE_ISSUER = 'https://idp.pier.test';
const LOCAL_ISSUER = 'local.pier.test';

type Doc = Record<string, unknown>;

function securityPolicy(name: string, targetRef: Doc, jwt: Doc): Doc {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', ...targetRef }], jwt },
  };
}

function rule(name: string, prefix: string): Doc {
  return { name, matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: 'echo', port: 80 }] };
}

const jwksSecret = (name: string, document: string): Doc => ({
  apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: NAMESPACE }, data: { jwks: Buffer.from(document).toString('base64') },
});

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry {
  kind: string;
  name: string;
  status: { ancestors: { ancestorRef: { kind?: string; name: string }; controllerName: string; conditions: Condition[] }[] };
}

describe('SecurityPolicy JWT through pier serve and real Envoy', { timeout: 240_000 }, () => {
  let dir: string;
  let certDir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let port: number;
  let jwksServer: https.Server;
  let jwksFetches = 0;
  const local = signingKey('ES256', 'local-1');
  const rotated = signingKey('ES256', 'local-2');
  const remote = signingKey('RS256', 'remote-1');
  const stranger = signingKey('RS256', 'remote-1');
  const echo = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)));

  const get = (p: string, token?: string, headers: Record<string, string> = {}): Promise<HttpResult> =>
    httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) }, timeoutMs: 15_000 });

  const localToken = (key: SigningKey = local, claims: Doc = {}): string => signJwt(key, { iss: LOCAL_ISSUER, sub: 'local-user', ...claims });
  const remoteToken = (key: SigningKey = remote, claims: Doc = {}): string => signJwt(key, { iss: REMOTE_ISSUER, aud: 'pier', sub: 'alice', ...claims });

  const writeSecrets = (key: SigningKey): void => writeFileSync(path.join(dir, 'secrets.yaml'), manifest([jwksSecret('local-jwks', jwks(key))]));

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-security-'));
    certDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-security-certs-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-security-envoy-'));
    const ca = certificateAuthority(certDir, 'jwks-ca');
    const otherCa = certificateAuthority(certDir, 'other-ca');
    const serving = serverCertificate(certDir, 'jwks-ca', 'localhost');
    jwksServer = https.createServer({ cert: serving.cert, key: serving.key }, (req, res) => {
      jwksFetches++;
      if (req.url !== '/jwks') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(jwks(remote));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const jwksUri = `https://localhost:${(jwksServer.address() as AddressInfo).port}/jwks`;
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoPort = (echo.address() as AddressInfo).port;
    port = await freePort(GATEWAY_ADDRESS);
    const remoteProvider = (caMap: string): Doc => ({
      name: 'idp', issuer: REMOTE_ISSUER, audiences: ['pier'], remoteJWKS: { uri: jwksUri, caCertificateRef: { name: caMap } },
      claimToHeaders: [{ claim: 'sub', header: 'x-user' }],
    });
    const localProvider: Doc = { name: 'local', issuer: LOCAL_ISSUER, localJWKS: { secretRef: { name: 'local-jwks' } } };
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('secure', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }]),
      ...backend('echo', echoPort),
      route('HTTPRoute', 'app', 'secure', { rules: [rule('remote', '/remote'), rule('wrong-ca', '/wrong-ca'), rule('optional', '/optional'), rule('param', '/param'), rule('broken', '/broken'), rule('rest', '/')] }),
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'jwks-ca', namespace: NAMESPACE }, data: { 'ca.crt': ca.cert } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other-ca', namespace: NAMESPACE }, data: { 'ca.crt': otherCa.cert } },
    ]));
    writeSecrets(local);
    writeFileSync(path.join(dir, 'policies.yaml'), manifest([
      securityPolicy('gateway-jwt', { kind: 'Gateway', name: 'secure' }, { providers: [localProvider] }),
      securityPolicy('remote-jwt', { kind: 'HTTPRoute', name: 'app', sectionName: 'remote' }, { providers: [remoteProvider('jwks-ca')] }),
      securityPolicy('wrong-ca', { kind: 'HTTPRoute', name: 'app', sectionName: 'wrong-ca' }, { providers: [remoteProvider('other-ca')] }),
      securityPolicy('optional-jwt', { kind: 'HTTPRoute', name: 'app', sectionName: 'optional' }, { optional: true, providers: [localProvider] }),
      securityPolicy('param-jwt', { kind: 'HTTPRoute', name: 'app', sectionName: 'param' }, { providers: [{ ...localProvider, extractFrom: { params: ['token'] } }] }),
      securityPolicy('broken', { kind: 'HTTPRoute', name: 'app', sectionName: 'broken' }, { providers: [{ name: 'nope', localJWKS: { secretRef: { name: 'nope' } } }] }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/secure`, nodeId: 'security', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    // Ready when the Gateway-wide policy refuses a request without a token.
    await waitFor('the Gateway to serve with its policies', async () => ((await get('/').catch(() => undefined))?.status === 401) || undefined, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
  });

  after(async () => {
    await envoy?.stop();
    const code = await pier?.stop();
    for (const server of [echo, jwksServer]) {
      server?.closeAllConnections();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    }
    for (const d of [dir, certDir, envoyDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('Gateway-wide local JWKS: no token or a bad one is refused (401), a token of its key passes', async () => {
    assert.equal((await get('/')).status, 401, 'no token');
    assert.equal((await get('/', localToken())).status, 200, 'signed by the Secret\'s key');
    assert.equal((await get('/', localToken(rotated))).status, 401, 'signed by another key');
    assert.equal((await get('/', localToken(local, { iss: 'someone-else' }))).status, 401, 'wrong issuer');
    assert.equal((await get('/', localToken(local, { exp: Math.floor(Date.now() / 1000) - 600 }))).status, 401, 'expired');
    assert.equal((await get('/', 'not.a.token')).status, 401, 'garbage');
  });

  test('rule-level remote JWKS over HTTPS replaces the Gateway policy on its rule; sub reaches the backend as x-user', async () => {
    const ok = await waitFor('the remote JWKS to be fetched', async () => {
      const a = await get('/remote', remoteToken());
      return a.status === 200 ? a : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    assert.ok(jwksFetches > 0, 'Envoy fetched the JWKS from the HTTPS server');
    const seen = JSON.parse(ok.body) as Record<string, string>;
    assert.equal(seen['x-user'], 'alice', 'claim sub copied to x-user');
    assert.equal(seen.authorization, undefined, 'the token is not forwarded to the backend');
    // Envoy answers a verified token for another audience 403 (authenticated, not allowed here).
    assert.equal((await get('/remote', remoteToken(remote, { aud: 'someone-else' }))).status, 403, 'wrong audience');
    assert.equal((await get('/remote', remoteToken(stranger))).status, 401, 'same kid, another key');
    assert.equal((await get('/remote', localToken())).status, 401, 'the Gateway\'s provider does not apply on this rule');
    assert.equal((await get('/remote')).status, 401, 'no token');
  });

  test('a JWKS server whose certificate does not chain to the provider\'s CA gives no keys: tokens refused', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await get('/wrong-ca', remoteToken())).status, 401);
  });

  test('optional: no token passes, an invalid token is refused, a valid one passes', async () => {
    assert.equal((await get('/optional')).status, 200);
    assert.equal((await get('/optional', localToken(rotated))).status, 401);
    assert.equal((await get('/optional', localToken())).status, 200);
  });

  test('a token from a query parameter; the Authorization header is not read there', async () => {
    assert.equal((await get(`/param?token=${localToken()}`)).status, 200);
    assert.equal((await get('/param', localToken())).status, 401);
  });

  test('statuses: Accepted with observedGeneration; Invalid names the field and the missing Secret', async () => {
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const condition = (name: string): Condition | undefined => {
      const s = statuses.find((e) => e.kind === 'SecurityPolicy' && e.name === name);
      assert.equal(s?.status.ancestors.length, 1, `${name}: one ancestor`);
      assert.equal(s!.status.ancestors[0]!.controllerName, CONTROLLER);
      return s!.status.ancestors[0]!.conditions.find((c) => c.type === 'Accepted');
    };
    for (const name of ['gateway-jwt', 'remote-jwt', 'wrong-ca', 'optional-jwt', 'param-jwt']) {
      const c = condition(name);
      assert.deepEqual([c?.status, c?.reason, c?.observedGeneration], ['True', 'Accepted', 1], name);
    }
    const broken = condition('broken');
    assert.deepEqual([broken?.status, broken?.reason], ['False', 'Invalid']);
    assert.match(broken?.message ?? '', /spec\.jwt\.providers\[0\]\.localJWKS\.secretRef: Secret default\/nope not found \(ResolvedRefs\)/);
    // An invalid rule policy applies nowhere: the Gateway's does.
    assert.equal((await get('/broken')).status, 401);
    assert.equal((await get('/broken', localToken())).status, 200);
  });

  test('a new key in the Secret: tokens of the old key are refused, of the new one accepted', async () => {
    writeSecrets(rotated);
    await waitFor('the new key to reach Envoy', async () => ((await get('/', localToken(rotated))).status === 200) || undefined, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 });
    assert.equal((await get('/', localToken(local))).status, 401);
  });
});
