/**
 * SecurityPolicy basic auth, API keys and authorization (RBAC) through the real `pier serve` CLI and a real
 * Envoy, with an echo backend that answers with the request headers:
 * - a Gateway-wide basic auth policy (htpasswd Secret, {SHA} lines): the right password passes
 *   and its user reaches the backend in a header, a wrong one or none is refused 401 with
 *   WWW-Authenticate; a rule with a policy of its own is not asked for a password (whole-policy);
 * - API keys from a Secret, read from a header, a query parameter or a cookie; the client id
 *   reaches the backend, the key does not;
 * - allow/deny by client address: the test binds its client sockets to two loopback addresses;
 *   behind a listener whose ClientPolicy trusts one X-Forwarded-For hop, the forwarded address
 *   is the one the rules see;
 * - allow by JWT claim (a string claim, a nested one, a list claim) with a real signed token;
 * - an htpasswd line Envoy cannot take (bcrypt) makes the policy Invalid, naming the line only;
 * - the credentials (htpasswd hashes, API keys) never show in the admin API (/policies, /ir, /xds),
 *   CSDS (what the proxy was sent, read with the real grpcurl), `pier translate` or logs.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy, requireGrpcurl } from '../helpers/tools';
import { freePort, waitFor } from '../helpers/net';
import { PIER_CLI, PierProcess } from '../helpers/pier';
import { jwks, signJwt, signingKey } from '../helpers/jwt';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const run = promisify(execFile);
const GATEWAY_ADDRESS = '127.0.0.103';
/** Client source addresses: one allowed, one denied by the address rules. */
const ALLOWED_CLIENT = '127.0.0.104';
const DENIED_CLIENT = '127.0.0.105';
const READY_TIMEOUT_MS = 30_000;
const ISSUER = 'access.pier.test';

type Doc = Record<string, unknown>;

const sha = (password: string): string => `{SHA}${createHash('sha1').update(password).digest('base64')}`;
const ALICE_HASH = sha('alice-password');
/** Long random-looking keys, so finding one in an output means it leaked. */
const API_KEYS = { 'client-a': 'key-a-7f3c9e1d2b4a6f8e0c1d3b5a7f9e2c4d', 'client-b': 'key-b-0a2c4e6f8b1d3f5a7c9e1b3d5f7a9c2e' };
const BCRYPT_LINE = 'carol:$2y$05$pthxvn2t8b9rF9gF1FhvrutHKik/goGxVx5cOZ2fcXwrJ5Nwz5r';

function securityPolicy(name: string, sectionName: string | undefined, spec: Doc): Doc {
  const targetRef = sectionName === undefined ? { kind: 'Gateway', name: 'access' } : { kind: 'HTTPRoute', name: 'app', sectionName };
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', ...targetRef }], ...spec },
  };
}

const rule = (name: string, prefix: string): Doc => ({ name, matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: 'echo', port: 80 }] });
const secret = (name: string, data: Record<string, string>): Doc => ({
  apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: NAMESPACE },
  data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: string }
interface Condition { type: string; status: string; reason: string; message: string }
interface PolicyStatusEntry { kind: string; name: string; status: { ancestors: { conditions: Condition[] }[] } }

describe('SecurityPolicy basic auth, API keys and authorization through pier serve and real Envoy', { timeout: 240_000 }, () => {
  let dir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let port: number;
  /** The listener trusting one X-Forwarded-For hop (ClientPolicy). */
  let proxiedPort: number;
  const key = signingKey('ES256', 'access-1');
  const echo = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)));

  /** A GET from a chosen client address, with optional basic credentials or bearer token. */
  const get = (p: string, o: { from?: string; user?: string; password?: string; token?: string; headers?: Record<string, string>; port?: number } = {}): Promise<Answer> => new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.user !== undefined) headers.authorization = `Basic ${Buffer.from(`${o.user}:${o.password ?? ''}`).toString('base64')}`;
    if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`;
    const req = http.request({ host: GATEWAY_ADDRESS, port: o.port ?? port, path: p, headers, localAddress: o.from ?? ALLOWED_CLIENT, agent: false, timeout: 15_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout'))).on('error', reject).end();
  });

  const token = (claims: Doc): string => signJwt(key, { iss: ISSUER, sub: 'someone', ...claims });

  before(async () => {
    requireEnvoy();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-access-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-access-envoy-'));
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    port = await freePort(GATEWAY_ADDRESS);
    proxiedPort = await freePort(GATEWAY_ADDRESS);
    const jwt = { providers: [{ name: 'local', issuer: ISSUER, localJWKS: { secretRef: { name: 'access-jwks' } } }] };
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('access', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }, { name: 'proxied', protocol: 'HTTP', port: proxiedPort }]),
      route('HTTPRoute', 'behind', 'access', { parentRefs: [{ name: 'access', sectionName: 'proxied' }], rules: [rule('behind', '/behind')] }),
      {
        apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'ClientPolicy', metadata: { name: 'one-hop', namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
        spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'access', sectionName: 'proxied' }], clientIPDetection: { xForwardedFor: { numTrustedHops: 1 } } },
      },
      {
        apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy', metadata: { name: 'by-forwarded-address', namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
        spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name: 'behind', sectionName: 'behind' }], authorization: { rules: [{ action: 'Allow', principal: { clientCIDRs: ['203.0.113.0/24'] } }] } },
      },
      ...backend('echo', (echo.address() as AddressInfo).port),
      route('HTTPRoute', 'app', 'access', { rules: [rule('cidr', '/cidr'), rule('claims', '/claims'), rule('bad', '/bad'), rule('keys', '/keys'), rule('rest', '/')] }),
      // A comment and a blank line are skipped; bob's line is a second user.
      secret('users', { '.htpasswd': `# users\nalice:${ALICE_HASH}\n\nbob:${sha('bob-password')}\n` }),
      secret('bad-users', { '.htpasswd': `alice:${ALICE_HASH}\n${BCRYPT_LINE}\n` }),
      secret('access-jwks', { jwks: jwks(key) }),
      secret('api-keys', API_KEYS),
      securityPolicy('gateway-basic', undefined, { basicAuth: { users: { name: 'users' }, forwardUsernameHeader: 'X-User' } }),
      securityPolicy('by-address', 'cidr', { authorization: { defaultAction: 'Deny', rules: [
        { name: 'block-one', action: 'Deny', principal: { clientCIDRs: [`${DENIED_CLIENT}/32`] } },
        { name: 'loopback', action: 'Allow', principal: { clientCIDRs: ['127.0.0.0/8'] } },
      ] } }),
      securityPolicy('by-claim', 'claims', { jwt, authorization: { rules: [
        { name: 'admins', action: 'Allow', principal: { jwt: { claims: [{ name: 'groups', values: ['admins'] }] } } },
        { name: 'blue-team', action: 'Allow', principal: { jwt: { claims: [{ name: 'org.team', values: ['blue'] }, { name: 'sub', values: ['someone'] }] } } },
      ] } }),
      securityPolicy('bad-htpasswd', 'bad', { basicAuth: { users: { name: 'bad-users' } } }),
      securityPolicy('api-keys', 'keys', { apiKeyAuth: {
        credentialRefs: [{ name: 'api-keys' }], extractFrom: [{ headers: ['X-API-Key'] }, { params: ['api_key'] }, { cookies: ['apikey'] }], forwardClientIDHeader: 'X-Client-ID',
      } }),
    ]));
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/access`, nodeId: 'access', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    await waitFor('the Gateway to serve with its policies', async () => ((await get('/').catch(() => undefined))?.status === 401) || undefined, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 100 });
  });

  after(async () => {
    await envoy?.stop();
    const code = await pier?.stop();
    echo.closeAllConnections();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    for (const d of [dir, envoyDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('basic auth: right password 200 (user forwarded), wrong 401, missing 401 with WWW-Authenticate', async () => {
    const ok = await get('/', { user: 'alice', password: 'alice-password' });
    assert.equal(ok.status, 200);
    assert.equal((JSON.parse(ok.body) as Record<string, string>)['x-user'], 'alice', 'the username reaches the backend');
    // Envoy's basic_auth filter leaves the header as sent (docs/policies/securitypolicy.md says so).
    assert.match((JSON.parse(ok.body) as Record<string, string>).authorization ?? '', /^Basic /, 'the Authorization header reaches the backend as sent');
    assert.equal((await get('/', { user: 'bob', password: 'bob-password' })).status, 200, 'second user');
    assert.equal((await get('/', { user: 'alice', password: 'bob-password' })).status, 401, 'wrong password');
    assert.equal((await get('/', { user: 'mallory', password: 'alice-password' })).status, 401, 'unknown user');
    const missing = await get('/');
    assert.equal(missing.status, 401, 'no credentials');
    assert.match(String(missing.headers['www-authenticate']), /^Basic realm=/);
  });

  test('API keys: from a header, a query parameter or a cookie; the client id reaches the backend, the key does not; others 401', async () => {
    const viaHeader = await get('/keys', { headers: { 'x-api-key': API_KEYS['client-a'] } });
    assert.equal(viaHeader.status, 200);
    const seen = JSON.parse(viaHeader.body) as Record<string, string>;
    assert.equal(seen['x-client-id'], 'client-a', 'the client id is forwarded');
    assert.equal(seen['x-api-key'], undefined, 'the key is not');
    const viaQuery = await get(`/keys?api_key=${API_KEYS['client-b']}`);
    assert.equal(viaQuery.status, 200);
    assert.equal((JSON.parse(viaQuery.body) as Record<string, string>)['x-client-id'], 'client-b');
    assert.equal((await get('/keys', { headers: { cookie: `apikey=${API_KEYS['client-a']}` } })).status, 200, 'from a cookie');
    assert.equal((await get('/keys', { headers: { 'x-api-key': 'key-c-unknown' } })).status, 401, 'unknown key');
    assert.equal((await get('/keys')).status, 401, 'no key');
    assert.equal((await get('/keys', { user: 'alice', password: 'alice-password' })).status, 401, 'the Gateway\'s basic auth does not apply there');
  });

  test('allow/deny by client address; the rule policy replaces the Gateway\'s basic auth there', async () => {
    assert.equal((await get('/cidr', { from: ALLOWED_CLIENT })).status, 200, 'allowed address, no password asked');
    const denied = await get('/cidr', { from: DENIED_CLIENT });
    assert.equal(denied.status, 403, 'denied address');
    assert.equal((await get('/', { from: DENIED_CLIENT, user: 'alice', password: 'alice-password' })).status, 200, 'the address rules apply on their rule only');
  });

  test('behind a trusted X-Forwarded-For hop, the forwarded client address is the one the rules see', async () => {
    const behind = (xff?: string): Promise<number> => get('/behind', { port: proxiedPort, headers: xff ? { 'x-forwarded-for': xff } : {} }).then((a) => a.status);
    assert.equal(await behind('203.0.113.7'), 200, 'forwarded from an allowed network');
    assert.equal(await behind('198.51.100.1'), 403, 'forwarded from another');
    assert.equal(await behind('203.0.113.7, 198.51.100.1'), 403, 'only the trusted hop\'s entry counts');
    assert.equal(await behind(), 403, 'no X-Forwarded-For: the peer (a loopback address) is the client');
  });

  test('allow by JWT claim: a list claim, nested and string claims; others 403, no token 401', async () => {
    assert.equal((await get('/claims', { token: token({ groups: ['users', 'admins'] }) })).status, 200, 'groups holds admins');
    assert.equal((await get('/claims', { token: token({ groups: ['users'] }) })).status, 403, 'groups without admins');
    assert.equal((await get('/claims', { token: token({ org: { team: 'blue' } }) })).status, 200, 'org.team blue and sub someone');
    assert.equal((await get('/claims', { token: token({ org: { team: 'blue' }, sub: 'other' }) })).status, 403, 'every claim of a rule must match');
    assert.equal((await get('/claims', { token: token({ org: { team: 'red' } }) })).status, 403, 'org.team red');
    assert.equal((await get('/claims')).status, 401, 'no token');
  });

  test('an htpasswd line Envoy cannot take is Invalid, naming the line but not its content; the Gateway policy applies there', async () => {
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const accepted = (name: string): Condition | undefined => statuses.find((e) => e.kind === 'SecurityPolicy' && e.name === name)?.status.ancestors[0]?.conditions.find((c) => c.type === 'Accepted');
    for (const name of ['gateway-basic', 'by-address', 'by-claim', 'api-keys', 'by-forwarded-address']) assert.equal(accepted(name)?.status, 'True', name);
    const bad = accepted('bad-htpasswd');
    assert.deepEqual([bad?.status, bad?.reason], ['False', 'Invalid']);
    assert.match(bad?.message ?? '', /spec\.basicAuth\.users: Secret default\/bad-users key \.htpasswd line 2 has a bcrypt hash; Envoy's basic_auth filter accepts only \{SHA\} hashes/);
    assert.ok(!bad!.message.includes('carol') && !bad!.message.includes('$2y$'), bad!.message);
    assert.equal((await get('/bad')).status, 401);
    assert.equal((await get('/bad', { user: 'alice', password: 'alice-password' })).status, 200);
  });

  test('the htpasswd lines and API keys never show in /policies, /ir, /xds, CSDS, pier translate or the logs', async () => {
    const hashBody = ALICE_HASH.slice('{SHA}'.length);
    const leaks = (text: string): string[] => [hashBody, ...Object.values(API_KEYS)].filter((s) => text.includes(s));
    for (const view of ['/policies', '/ir', '/xds']) {
      const text = JSON.stringify(await pier.admin(view));
      assert.ok(text.includes('[redacted]'), `${view} shows the credential redacted`);
      assert.deepEqual(leaks(text), [], `${view} holds no credential`);
    }
    const policies = JSON.stringify(await pier.admin('/policies'));
    assert.match(policies, /"forwardUsernameHeader":"x-user"/, '/policies still shows the other settings');
    for (const output of ['policies', 'ir', 'xds']) {
      const { stdout } = await run(process.execPath, [PIER_CLI, 'translate', '-f', dir, '--output', output, '-o', 'json'], { timeout: 60_000 });
      assert.ok(stdout.includes('[redacted]'), `translate --output ${output} shows the credential redacted`);
      assert.deepEqual(leaks(stdout), [], `translate --output ${output} holds no credential`);
    }
    assert.deepEqual(leaks(JSON.stringify(pier.logs)), [], 'no log line holds a credential');
    const csds = (await run(requireGrpcurl(), ['-plaintext', '-d', '{}', `127.0.0.1:${pier.xdsPort}`, 'envoy.service.status.v3.ClientStatusDiscoveryService/FetchClientStatus'], { timeout: 30_000 })).stdout;
    assert.match(csds, /api_key_auth\.v3\.ApiKeyAuthPerRoute/, 'CSDS shows the routes with their filters');
    assert.ok(csds.includes('[redacted]'), 'CSDS shows the credentials redacted');
    assert.deepEqual(leaks(csds), [], 'CSDS holds no credential');
  });
});
