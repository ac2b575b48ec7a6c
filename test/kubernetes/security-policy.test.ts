/**
 * SecurityPolicy in Kubernetes mode, on a real API server with real Envoy (host infrastructure):
 * the API server runs the CRD's CEL rules; Pier writes status.ancestors with observedGeneration
 * (Invalid naming a missing CA ConfigMap, Accepted once it exists) and JWT authentication applies
 * through Envoy with keys it fetches over HTTPS from a test JWKS server, or reads from an Opaque
 * Secret (Secrets of types that never hold policy credentials, such as Helm release records, are
 * not watched: a policy naming one finds nothing). Basic auth reads its htpasswd lines from an
 * Opaque Secret, and follows it when it changes; an OIDC login its client secret.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { requireEnvoy } from '../helpers/tools';
import { jwks, signJwt, signingKey } from '../helpers/jwt';
import { ApiRequestError } from './api';
import { startControlPlane, type ControlPlane } from './harness';
import { BackendNetwork } from './netns';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { certificateAuthority, serverCertificate } from '../e2e/features/certs';
import { createAddressedGatewaySetup } from './objects';

const CONTROLLER = 'pier.dev/gateway-controller';
const NS = 'apps';
const GW_API = '/apis/gateway.networking.k8s.io/v1';
const POLICIES = `/apis/gateway.pier.dev/v1alpha1/namespaces/${NS}/securitypolicies`;

interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface Policy {
  metadata: { name: string; generation?: number };
  status?: { ancestors?: { ancestorRef: { name: string; kind?: string }; controllerName: string; conditions: Condition[] }[] };
}

const policy = (name: string, providers: unknown[], sectionName = 'secured'): unknown => ({
  apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name },
  spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'web', sectionName }], jwt: { providers } },
});

describe('SecurityPolicy in Kubernetes mode on a real API server, through Envoy', { timeout: 400_000 }, () => {
  let cp: ControlPlane;
  let pier: PierProcess;
  let port: number;
  let net: BackendNetwork;
  const GATEWAY_ADDRESS = `127.0.${process.pid % 250}.${21 + (process.pid % 200)}`;
  const key = signingKey('RS256', 'k8s-1');
  let certDir: string;
  let caPem: string;
  let jwksServer: https.Server;
  let jwksUri: string;
  const token = signJwt(key, { iss: 'k8s-issuer', sub: 'alice' });

  const condition = async (name: string): Promise<Condition & { ancestor: string } | undefined> => {
    const p = await cp.api.get<Policy>(`${POLICIES}/${name}`);
    const ours = p.status?.ancestors?.find((a) => a.controllerName === CONTROLLER);
    const c = ours?.conditions.find((x) => x.type === 'Accepted');
    return ours && c ? { ...c, ancestor: `${ours.ancestorRef.kind}/${ours.ancestorRef.name}` } : undefined;
  };
  const get = (p: string, headers: Record<string, string> = {}) => httpRequest(`http://${GATEWAY_ADDRESS}:${port}${p}`, { headers, timeoutMs: 5000 });

  before(async () => {
    requireEnvoy();
    certDir = mkdtempSync(path.join(os.tmpdir(), 'pier-k8s-security-'));
    caPem = certificateAuthority(certDir, 'jwks-ca').cert;
    const serving = serverCertificate(certDir, 'jwks-ca', 'localhost');
    jwksServer = https.createServer({ cert: serving.cert, key: serving.key }, (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(jwks(key)));
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    jwksUri = `https://localhost:${(jwksServer.address() as AddressInfo).port}/jwks`;
    cp = await startControlPlane({ controllerManager: false });
    net = BackendNetwork.create();
    const backend = await net.echoBackend('web', 11, 8080);
    port = await freePort(GATEWAY_ADDRESS);
    await createAddressedGatewaySetup(cp.api, NS, CONTROLLER, { address: GATEWAY_ADDRESS, port, backend, backendPort: 8080 });
    await cp.api.create(`${GW_API}/namespaces/${NS}/httproutes`, {
      apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute', metadata: { name: 'web' },
      spec: { parentRefs: [{ name: 'edge' }], rules: [
        { name: 'secured', matches: [{ path: { type: 'PathPrefix', value: '/secured' } }], backendRefs: [{ name: 'web', port: 80 }] },
        { name: 'local', matches: [{ path: { type: 'PathPrefix', value: '/local' } }], backendRefs: [{ name: 'web', port: 80 }] },
        { name: 'basic', matches: [{ path: { type: 'PathPrefix', value: '/basic' } }], backendRefs: [{ name: 'web', port: 80 }] },
        { name: 'login', matches: [{ path: { type: 'PathPrefix', value: '/login' } }], backendRefs: [{ name: 'web', port: 80 }] },
        { matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [{ name: 'web', port: 80 }] },
      ] },
    });
    pier = await PierProcess.start({
      config: { provider: 'kubernetes', infrastructure: 'host', kubeconfig: cp.kubeconfigFile, controllerName: CONTROLLER, envoy: 'auto', adsMode: 'delta', envoyLogLevel: 'warning', leaderElectionNamespace: 'default' },
    });
    await waitFor('traffic through Envoy', async () => ((await get('/secured').catch(() => undefined))?.status === 200 ? true : undefined), { timeoutMs: 60_000, intervalMs: 100 });
  }, { timeout: 300_000 });

  after(async () => {
    const code = await pier?.stop();
    await cp?.stop();
    net?.remove();
    jwksServer?.closeAllConnections();
    await new Promise<void>((resolve) => (jwksServer ? jwksServer.close(() => resolve()) : resolve()));
    if (certDir) rmSync(certDir, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('the API server runs the CRD\'s CEL rules', async () => {
    await assert.rejects(cp.api.create(POLICIES, policy('bad', [{ name: 'none' }])),
      (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /exactly one of remoteJWKS and localJWKS must be set/.test(err.message));
    // spec.oidc: its CEL rule, and the https-only token endpoint (the schema's pattern).
    const oidc = (name: string, extra: Record<string, unknown>): unknown => ({
      apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name },
      spec: {
        targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'web' }],
        oidc: { provider: { authorizationEndpoint: 'https://idp.example.com/auth', tokenEndpoint: 'https://idp.example.com/token' }, clientID: 'web', clientSecretRef: { name: 'oidc' }, ...extra },
      },
    });
    await assert.rejects(cp.api.create(POLICIES, oidc('bad-oidc', { forwardAccessToken: true, forwardIDTokenHeader: 'Authorization' })),
      (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /forwardIDTokenHeader cannot be Authorization when forwardAccessToken is set/.test(err.message));
    await assert.rejects(cp.api.create(POLICIES, oidc('http-token', { provider: { authorizationEndpoint: 'https://idp.example.com/auth', tokenEndpoint: 'http://idp.example.com/token' } })),
      (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /spec\.oidc\.provider\.tokenEndpoint/.test(err.message));
    await assert.rejects(cp.api.create(POLICIES, { ...(policy('neither', []) as { spec: Record<string, unknown> }), spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'web' }] } }),
      (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /one of jwt, oidc, basicAuth, apiKeyAuth and authorization must be set/.test(err.message));
    // Every OIDC field as the docs give them passes the schema (then goes: its Secret is not there).
    await cp.api.create(POLICIES, oidc('full-oidc', {
      provider: { authorizationEndpoint: 'https://idp.example.com/auth', tokenEndpoint: 'https://idp.example.com:8443/token', endSessionEndpoint: 'https://idp.example.com/logout', caCertificateRef: { kind: 'Secret', name: 'ca', key: 'ca.pem' } },
      clientAuthentication: 'ClientSecretPost', redirectURL: 'https://shop.example.com/oauth2/callback', logoutPath: '/logout', scopes: ['email'], resources: ['https://api.example.com'],
      cookieNames: { accessToken: 'Access', idToken: 'ID' }, cookieDomain: 'example.com', forwardAccessToken: true, forwardIDTokenHeader: 'X-ID-Token', refreshToken: false,
    }));
    await cp.api.delete(`${POLICIES}/full-oidc`);
  });

  test('a missing CA ConfigMap: Invalid naming the field; once it exists, Accepted (generation 1) and tokens are checked by Envoy', async () => {
    await cp.api.create(POLICIES, policy('jwt', [{ name: 'remote', issuer: 'k8s-issuer', remoteJWKS: { uri: jwksUri, caCertificateRef: { name: 'jwks-ca' } } }]));
    await waitFor('Invalid', async () => {
      const c = await condition('jwt').catch(() => undefined);
      return c?.reason === 'Invalid' ? c : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 }).then((c) => {
      assert.equal(c.ancestor, 'Gateway/edge');
      assert.match(c.message, /spec\.jwt\.providers\[0\]\.remoteJWKS\.caCertificateRef: ConfigMap apps\/jwks-ca not found \(ResolvedRefs\)/);
    });
    assert.equal((await get('/secured')).status, 200, 'an invalid policy applies nothing');
    await cp.api.create(`/api/v1/namespaces/${NS}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'jwks-ca' }, data: { 'ca.crt': caPem } });
    await waitFor('Accepted', async () => {
      const c = await condition('jwt').catch(() => undefined);
      return c?.status === 'True' && c.reason === 'Accepted' && c.observedGeneration === 1 ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
    await waitFor('401 without a token', async () => ((await get('/secured')).status === 401 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    await waitFor('a token verified with the fetched keys', async () => ((await get('/secured', { authorization: `Bearer ${token}` })).status === 200 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    assert.equal((await get('/other')).status, 200, 'the other rule has no policy');
  });

  test('a local JWKS from an Opaque Secret applies; one in a Helm release Secret (a type Pier does not watch) is not found', async () => {
    const localKey = signingKey('ES256', 'k8s-local');
    const secret = (name: string, type: string) => ({ apiVersion: 'v1', kind: 'Secret', type, metadata: { name }, stringData: { jwks: jwks(localKey) } });
    await cp.api.create(`/api/v1/namespaces/${NS}/secrets`, secret('release-keys', 'helm.sh/release.v1'));
    await cp.api.create(POLICIES, policy('local', [{ name: 'local', issuer: 'local-issuer', localJWKS: { secretRef: { name: 'release-keys' } } }], 'local'));
    await waitFor('Invalid: the Helm release Secret is not seen', async () => {
      const c = await condition('local').catch(() => undefined);
      return c?.reason === 'Invalid' ? c : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 }).then((c) => assert.match(c.message, /localJWKS\.secretRef: Secret apps\/release-keys not found/));
    await cp.api.create(`/api/v1/namespaces/${NS}/secrets`, secret('local-keys', 'Opaque'));
    const current = await cp.api.get<{ metadata: { resourceVersion: string } }>(`${POLICIES}/local`);
    await cp.api.replace(`${POLICIES}/local`, { ...(policy('local', [{ name: 'local', issuer: 'local-issuer', localJWKS: { secretRef: { name: 'local-keys' } } }], 'local') as object), metadata: { name: 'local', resourceVersion: current.metadata.resourceVersion } });
    await waitFor('Accepted at generation 2', async () => {
      const c = await condition('local').catch(() => undefined);
      return c?.status === 'True' && c.observedGeneration === 2 ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
    await waitFor('401 without a token', async () => ((await get('/local')).status === 401 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    const local = signJwt(localKey, { iss: 'local-issuer', sub: 'bob' });
    await waitFor('a token verified with the Secret\'s keys', async () => ((await get('/local', { authorization: `Bearer ${local}` })).status === 200 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    assert.equal((await get('/local', { authorization: `Bearer ${token}` })).status, 401, 'a token signed with another key is refused');
  });

  test('basic auth from an Opaque htpasswd Secret: Invalid until it exists, then 401 without the password, 200 with it; a changed Secret applies', async () => {
    const htpasswd = (password: string): string => `alice:{SHA}${createHash('sha1').update(password).digest('base64')}\n`;
    const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });
    await assert.rejects(cp.api.create(POLICIES, { apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name: 'empty' }, spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'web', sectionName: 'basic' }] } }),
      (err: unknown) => err instanceof ApiRequestError && err.status === 422 && /one of jwt, oidc, basicAuth, apiKeyAuth and authorization must be set/.test(err.message));
    await cp.api.create(POLICIES, {
      apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name: 'basic' },
      spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'web', sectionName: 'basic' }], basicAuth: { users: { name: 'users' } } },
    });
    await waitFor('Invalid: no Secret yet', async () => {
      const c = await condition('basic').catch(() => undefined);
      return c?.reason === 'Invalid' ? c : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 }).then((c) => assert.match(c.message, /spec\.basicAuth\.users: Secret apps\/users not found \(ResolvedRefs\)/));
    await cp.api.create(`/api/v1/namespaces/${NS}/secrets`, { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name: 'users' }, stringData: { '.htpasswd': htpasswd('first') } });
    await waitFor('Accepted', async () => ((await condition('basic').catch(() => undefined))?.status === 'True' ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    const refused = await waitFor('401 without the password', async () => {
      const a = await get('/basic');
      return a.status === 401 ? a : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
    assert.match(String(refused.headers['www-authenticate']), /^Basic realm=/);
    assert.equal((await get('/basic', basic('alice', 'first'))).status, 200);
    assert.equal((await get('/basic', basic('alice', 'second'))).status, 401);
    const current = await cp.api.get<{ metadata: { resourceVersion: string } }>(`/api/v1/namespaces/${NS}/secrets/users`);
    await cp.api.replace(`/api/v1/namespaces/${NS}/secrets/users`, { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name: 'users', resourceVersion: current.metadata.resourceVersion }, stringData: { '.htpasswd': htpasswd('second') } });
    await waitFor('the new password', async () => ((await get('/basic', basic('alice', 'second'))).status === 200 ? true : undefined), { timeoutMs: 30_000, intervalMs: 200 });
    assert.equal((await get('/basic', basic('alice', 'first'))).status, 401, 'the old password no longer works');
    assert.equal((await get('/other')).status, 200, 'the other rule asks for nothing');
  });

  test('OIDC with its client secret in an Opaque Secret: Invalid until the Secret exists, then Accepted, and the rule sends browsers to the provider', async () => {
    const login = {
      apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name: 'login' },
      spec: {
        targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'web', sectionName: 'login' }],
        oidc: {
          provider: { authorizationEndpoint: 'https://idp.example.com/auth', tokenEndpoint: 'https://localhost:1/token' },
          clientID: 'web', clientSecretRef: { name: 'oidc-client' }, redirectURL: `http://${GATEWAY_ADDRESS}:${port}/login/callback`,
        },
      },
    };
    await cp.api.create(POLICIES, login);
    await waitFor('Invalid: no Secret yet', async () => {
      const c = await condition('login').catch(() => undefined);
      return c?.reason === 'Invalid' ? c : undefined;
    }, { timeoutMs: 60_000, intervalMs: 200 }).then((c) => assert.match(c.message, /spec\.oidc\.clientSecretRef: Secret apps\/oidc-client not found \(ResolvedRefs\)/));
    await cp.api.create(`/api/v1/namespaces/${NS}/secrets`, { apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name: 'oidc-client' }, stringData: { 'client-secret': 'k8s-client-secret' } });
    await waitFor('Accepted', async () => {
      const c = await condition('login').catch(() => undefined);
      return c?.status === 'True' && c.observedGeneration === 1 ? true : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
    const redirected = await waitFor('302 to the provider', async () => {
      const r = await get('/login/page');
      return r.status === 302 ? r : undefined;
    }, { timeoutMs: 30_000, intervalMs: 200 });
    const to = new URL(String(redirected.headers.location));
    assert.equal(`${to.origin}${to.pathname}`, 'https://idp.example.com/auth');
    assert.equal(to.searchParams.get('redirect_uri'), `http://${GATEWAY_ADDRESS}:${port}/login/callback`);
    assert.equal((await get('/other')).status, 200, 'the other rules have no login');
    const policies = JSON.stringify(await pier.admin('/policies'));
    assert.ok(policies.includes('"clientID":"web"') && !policies.includes('k8s-client-secret'), 'the login shows in /policies, its secret does not');
  });
});
