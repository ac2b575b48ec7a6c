/**
 * SecurityPolicy OIDC (authorization code flow) through the real `pier serve` CLI, a real Envoy
 * (its oauth2 filter) and a real OpenID Provider: the OP of github.com/zitadel/oidc/v3 (an OpenID
 * Certified library) with its login form, served over HTTPS with a test CA (test/tools/oidc-op,
 * built by scripts/build-oidc-op.mjs). The test is the browser: it follows each redirect, keeps
 * cookies, fills in the login form.
 * - a Gateway-wide policy: a request without a session is sent (302) to the OP's authorization
 *   endpoint; after the login the proxy trades the code for tokens at the OP's token endpoint
 *   (over HTTPS, trusting the policy's CA, the client secret from a Secret), sets session cookies
 *   and the backend sees the access token (Authorization: Bearer, accepted by the OP's userinfo)
 *   and the ID token in a header; the logout path clears the session and sends the browser to
 *   the OP's end session endpoint;
 * - a rule's own login with a client secret the OP does not know: the code is not traded (401);
 *   once its Secret holds the right one, the login works (the Secret's change is picked up);
 * - a rule with a JWT policy of its own: the Gateway's login does not apply there; a rule with a
 *   login of its own under a listener-wide JWT policy needs no token after the login;
 * - statuses (Invalid naming spec.oidc.clientSecretRef), and the client secret and the HMAC key
 *   appear in no admin output and no log line.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildBootstrap } from '../../src/infra/bootstrap';
import { derivedHmacSecret } from '../../src/gatewayapi/policies/security-oidc';
import { EnvoyProxy } from '../helpers/envoy';
import { requireEnvoy } from '../helpers/tools';
import { freePort, httpRequest, waitFor } from '../helpers/net';
import { PierProcess } from '../helpers/pier';
import { Browser, redirectTarget } from '../helpers/browser';
import { OidcProvider, OP_USER, requireOidcProvider } from '../helpers/oidc-op';
import { jwks, signingKey } from '../helpers/jwt';
import { certificateAuthority, serverCertificate } from './features/certs';
import { backend, gateway, gatewayClass, manifest, route, CONTROLLER, NAMESPACE } from './features/resources';

const GATEWAY_ADDRESS = '127.0.0.126';
const READY_TIMEOUT_MS = 30_000;
const CLIENT_ID = 'pier-web';
const CLIENT_SECRET = 'oidc-client-secret-5f1c9a7e2b';
const ID_TOKEN_HEADER = 'x-id-token';

type Doc = Record<string, unknown>;

interface Discovery { issuer: string; authorization_endpoint: string; token_endpoint: string; userinfo_endpoint: string; end_session_endpoint: string }
interface Condition { type: string; status: string; reason: string; message: string; observedGeneration?: number }
interface PolicyStatusEntry { kind: string; name: string; status: { ancestors: { conditions: Condition[] }[] } }

function securityPolicy(name: string, targetRef: Doc, spec: Doc): Doc {
  return {
    apiVersion: 'gateway.pier.dev/v1alpha1', kind: 'SecurityPolicy',
    metadata: { name, namespace: NAMESPACE, creationTimestamp: '2025-01-01T00:00:00Z' },
    spec: { targetRefs: [{ group: 'gateway.networking.k8s.io', ...targetRef }], ...spec },
  };
}

function rule(name: string, prefix: string): Doc {
  return { name, matches: [{ path: { type: 'PathPrefix', value: prefix } }], backendRefs: [{ name: 'echo', port: 80 }] };
}

const base64url = (part: string): Record<string, unknown> => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('SecurityPolicy OIDC through pier serve, real Envoy and a real OpenID Provider', { timeout: 300_000 }, () => {
  let dir: string;
  let certDir: string;
  let envoyDir: string;
  let pier: PierProcess;
  let envoy: EnvoyProxy;
  let op: OidcProvider;
  let discovery: Discovery;
  let ca: string;
  let port: number;
  let origin: string;
  /** The listener "api": a JWT policy of its own; its rule "web" has a login of its own. */
  let apiOrigin: string;
  const echo = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers)));

  const writeClientSecret = (name: string, secret: string): void => writeFileSync(path.join(dir, 'secrets.yaml'), manifest([
    { apiVersion: 'v1', kind: 'Secret', metadata: { name, namespace: NAMESPACE }, stringData: { 'client-secret': secret } },
  ]));

  const get = async (browser: Browser, p: string): Promise<{ status: number; location?: string; body: string }> => {
    const r = await browser.request(`${origin}${p}`);
    return { status: r.status, body: r.body, ...(r.headers.location ? { location: r.headers.location } : {}) };
  };

  /** The whole login as a browser does it, from a request for p to the answer of the backend. */
  async function logIn(browser: Browser, p: string, at = origin): Promise<{ hops: string[]; answer: { status: number; body: string } }> {
    const hops: string[] = [];
    const first = await browser.request(`${at}${p}`);
    assert.equal(first.status, 302, `a request without a session is redirected: ${first.status} ${first.body}`);
    let url = redirectTarget(`${at}${p}`, first);
    for (let i = 0; i < 10; i++) {
      hops.push(url);
      const answer = await browser.request(url);
      if (answer.status === 200 && url.startsWith(op.issuer) && answer.body.includes('name="password"')) {
        // The OP's login form: its hidden auth request id, our user's credentials.
        const id = /name="id" value="([^"]+)"/.exec(answer.body)?.[1];
        assert.ok(id, 'the login form carries the auth request id');
        const posted = await browser.request(new URL('/login/username', op.issuer).href, { form: { id, username: OP_USER.username, password: OP_USER.password } });
        assert.equal(posted.status, 302, `the login is accepted: ${posted.status} ${posted.body.slice(0, 200)}`);
        url = redirectTarget(url, posted);
        continue;
      }
      if (answer.status !== 302) return { hops, answer: { status: answer.status, body: answer.body } };
      url = redirectTarget(url, answer);
    }
    throw new Error(`the login did not end: ${hops.join(' -> ')}`);
  }

  before(async () => {
    requireEnvoy();
    requireOidcProvider();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-oidc-'));
    certDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-oidc-certs-'));
    envoyDir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-oidc-envoy-'));
    ca = certificateAuthority(certDir, 'op-ca').cert;
    const serving = serverCertificate(certDir, 'op-ca', 'localhost');
    port = await freePort(GATEWAY_ADDRESS);
    origin = `http://${GATEWAY_ADDRESS}:${port}`;
    const apiPort = await freePort(GATEWAY_ADDRESS);
    apiOrigin = `http://${GATEWAY_ADDRESS}:${apiPort}`;
    op = await OidcProvider.start({ dir: certDir, cert: serving.cert, key: serving.key, ca, clientID: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectURIs: [`${origin}/oauth2/callback`, `${origin}/wrong/callback`, `${apiOrigin}/web/callback`] });
    discovery = JSON.parse((await new Browser(ca).request(`${op.issuer}.well-known/openid-configuration`)).body) as Discovery;
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoPort = (echo.address() as AddressInfo).port;
    const oidc = (secretName: string, extra: Doc = {}): Doc => ({
      provider: {
        authorizationEndpoint: discovery.authorization_endpoint,
        tokenEndpoint: discovery.token_endpoint,
        endSessionEndpoint: discovery.end_session_endpoint,
        caCertificateRef: { name: 'op-ca' },
      },
      clientID: CLIENT_ID,
      clientSecretRef: { name: secretName },
      scopes: ['profile'],
      forwardAccessToken: true,
      forwardIDTokenHeader: ID_TOKEN_HEADER,
      ...extra,
    });
    writeFileSync(path.join(dir, 'all.yaml'), manifest([
      gatewayClass(),
      gateway('login', GATEWAY_ADDRESS, [{ name: 'http', protocol: 'HTTP', port }, { name: 'api', protocol: 'HTTP', port: apiPort }]),
      ...backend('echo', echoPort),
      route('HTTPRoute', 'app', 'login', { rules: [rule('api', '/api'), rule('broken', '/broken'), rule('wrong', '/wrong'), rule('web', '/web'), rule('rest', '/')] }),
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'op-ca', namespace: NAMESPACE }, data: { 'ca.crt': ca } },
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'oidc-client', namespace: NAMESPACE }, data: { 'client-secret': Buffer.from(CLIENT_SECRET).toString('base64') } },
      { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'api-keys', namespace: NAMESPACE }, stringData: { jwks: jwks(signingKey('ES256', 'api')) } },
      securityPolicy('gateway-oidc', { kind: 'Gateway', name: 'login' }, { oidc: oidc('oidc-client') }),
      // The API rule takes tokens (optional here), not logins: the Gateway's login does not apply there.
      securityPolicy('api-jwt', { kind: 'HTTPRoute', name: 'app', sectionName: 'api' }, { jwt: { optional: true, providers: [{ name: 'api', localJWKS: { secretRef: { name: 'api-keys' } } }] } }),
      securityPolicy('broken', { kind: 'HTTPRoute', name: 'app', sectionName: 'broken' }, { oidc: oidc('nope') }),
      // The listener "api" takes tokens only; its rule "web" logs users in instead (the rule's policy applies whole).
      securityPolicy('api-listener-jwt', { kind: 'Gateway', name: 'login', sectionName: 'api' }, { jwt: { providers: [{ name: 'api', localJWKS: { secretRef: { name: 'api-keys' } } }] } }),
      securityPolicy('web-login', { kind: 'HTTPRoute', name: 'app', sectionName: 'web' }, { oidc: oidc('oidc-client', { redirectURL: `${apiOrigin}/web/callback`, logoutPath: '/web/logout' }) }),
      // A rule's own login, with a client secret the OP does not know: its redirect path in the rule.
      securityPolicy('wrong-secret', { kind: 'HTTPRoute', name: 'app', sectionName: 'wrong' }, { oidc: oidc('wrong-client', { redirectURL: `${origin}/wrong/callback`, logoutPath: '/wrong/logout' }) }),
    ]));
    writeClientSecret('wrong-client', 'not-the-client-secret');
    pier = await PierProcess.start({ config: { resources: dir, controllerName: CONTROLLER, envoy: 'off' } });
    envoy = await EnvoyProxy.start(envoyDir, buildBootstrap({
      gateway: `${NAMESPACE}/login`, nodeId: 'oidc', xdsHost: '127.0.0.1', xdsPort: pier.xdsPort, adsMode: 'delta', adminAddress: '127.0.0.1', adminPort: 0,
    }), { timeoutMs: READY_TIMEOUT_MS });
    await waitFor('the Gateway to send browsers to the OP', async () => {
      const r = await httpRequest(`${origin}/`, { timeoutMs: 5000 }).catch(() => undefined);
      return (r?.status === 302 && String(r.headers.location).startsWith(discovery.authorization_endpoint)) || undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 }).catch((err: Error) => { throw pier.withDiagnostics(err); });
  });

  after(async () => {
    await envoy?.stop();
    const code = await pier?.stop();
    await op?.stop();
    echo.closeAllConnections();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
    for (const d of [dir, certDir, envoyDir]) if (d) rmSync(d, { recursive: true, force: true });
    assert.equal(code, 0, 'pier exits cleanly on SIGTERM');
  });

  test('no session: 302 to the OP\'s authorization endpoint with the client, the redirect URI, the scopes and PKCE', async () => {
    const r = await get(new Browser(ca), '/app');
    assert.equal(r.status, 302);
    const to = new URL(r.location!);
    assert.equal(`${to.origin}${to.pathname}`, discovery.authorization_endpoint);
    assert.equal(to.searchParams.get('client_id'), CLIENT_ID);
    assert.equal(to.searchParams.get('response_type'), 'code');
    assert.equal(to.searchParams.get('redirect_uri'), `${origin}/oauth2/callback`, 'the default redirect URL: the request\'s scheme and host');
    assert.deepEqual(to.searchParams.get('scope')?.split(' ').sort(), ['openid', 'profile']);
    assert.equal(to.searchParams.get('code_challenge_method'), 'S256');
  });

  test('the login: the OP\'s form, back at the redirect path, session cookies, the backend sees the tokens; logout ends the session', async () => {
    const browser = new Browser(ca);
    const { hops, answer } = await logIn(browser, '/app/page?x=1');
    assert.ok(hops.some((h) => h.startsWith(`${origin}/oauth2/callback?`)), `the OP sent the browser back to the redirect path: ${hops.join(' -> ')}`);
    assert.equal(answer.status, 200, `the original request reaches the backend after the login: ${answer.body.slice(0, 300)}`);
    const seen = JSON.parse(answer.body) as Record<string, string>;
    assert.equal(hops.at(-1), `${origin}/app/page?x=1`, 'back to the page first asked for');
    // The access token is the OP's: its userinfo endpoint accepts it.
    const bearer = /^Bearer (.+)$/.exec(seen.authorization ?? '')?.[1];
    assert.ok(bearer, `the backend gets Authorization: Bearer (got ${JSON.stringify(seen.authorization)})`);
    const userinfo = await new Browser(ca).request(discovery.userinfo_endpoint, { headers: { authorization: `Bearer ${bearer}` } });
    assert.equal(userinfo.status, 200, `the OP accepts the forwarded access token: ${userinfo.body}`);
    // The ID token, in its header: issued by the OP for this client.
    const idToken = seen[ID_TOKEN_HEADER];
    assert.ok(idToken, 'the backend gets the ID token');
    const claims = base64url(idToken.split('.')[1]!);
    assert.equal(claims.iss, discovery.issuer);
    assert.ok(claims.aud === CLIENT_ID || (Array.isArray(claims.aud) && claims.aud.includes(CLIENT_ID)), `aud ${JSON.stringify(claims.aud)}`);
    assert.equal(claims.sub, JSON.parse(userinfo.body).sub);

    // The session holds: no more redirects.
    for (let i = 0; i < 3; i++) assert.equal((await get(browser, '/app/other')).status, 200);
    assert.ok(browser.cookies(origin).size >= 3, 'session cookies in the jar');

    // Logout: the cookies go, the browser is sent to the OP's end session endpoint.
    const out = await get(browser, '/logout');
    assert.equal(out.status, 302);
    assert.ok(out.location?.startsWith(discovery.end_session_endpoint), `logout goes to the OP: ${out.location}`);
    const left = [...browser.cookies(origin).keys()].filter((k) => /^(BearerToken|OauthHMAC|IdToken|OauthExpires)/.test(k));
    assert.deepEqual(left, [], 'the session cookies are cleared');
    const again = await get(browser, '/app');
    assert.equal(again.status, 302, 'logged out: sent to the OP again');
    assert.ok(again.location?.startsWith(discovery.authorization_endpoint));
  });

  test('a forged session cookie is refused: sent to the OP', async () => {
    const browser = new Browser(ca);
    await logIn(browser, '/app');
    const cookies = browser.cookies(origin);
    const hmac = [...cookies.keys()].find((k) => k.startsWith('OauthHMAC'))!;
    cookies.set(hmac, Buffer.from('forged').toString('base64'));
    assert.equal((await get(browser, '/app')).status, 302);
  });

  test('a rule\'s login whose client secret the OP refuses: the code cannot be traded, 401 at the redirect path', async () => {
    const browser = new Browser(ca);
    const { hops, answer } = await logIn(browser, '/wrong/page');
    assert.ok(hops.at(-1)?.startsWith(`${origin}/wrong/callback?`), `back at the rule's redirect path: ${hops.join(' -> ')}`);
    assert.equal(answer.status, 401, answer.body);
    assert.equal((await get(browser, '/wrong/page')).status, 302, 'no session');
  });

  test('the Secret given the right client secret: the policy is checked again, the rule\'s login works', async () => {
    writeClientSecret('wrong-client', CLIENT_SECRET);
    const answer = await waitFor('the new client secret to reach Envoy', async () => {
      const { answer: a } = await logIn(new Browser(ca), '/wrong/page');
      return a.status === 200 ? a : undefined;
    }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 500 });
    assert.ok((JSON.parse(answer.body) as Record<string, string>).authorization?.startsWith('Bearer '));
  });

  test('a rule with a JWT policy of its own: the Gateway\'s login does not apply there', async () => {
    assert.equal((await get(new Browser(ca), '/api/items')).status, 200, 'no login, no token (optional): through');
    assert.equal((await get(new Browser(ca), '/app')).status, 302, 'elsewhere the login applies');
  });

  test('a rule\'s login under a listener-wide JWT policy: the rule\'s policy applies whole, no token needed after the login', async () => {
    assert.equal((await new Browser(ca).request(`${apiOrigin}/other`)).status, 401, 'the listener wants a token');
    const { hops, answer } = await logIn(new Browser(ca), '/web/page', apiOrigin);
    assert.ok(hops.some((h) => h.startsWith(`${apiOrigin}/web/callback?`)), hops.join(' -> '));
    assert.equal(answer.status, 200, `after the login the backend answers, no JWT asked for: ${answer.body.slice(0, 200)}`);
  });

  test('statuses: Accepted; Invalid names spec.oidc.clientSecretRef, and its rule keeps the Gateway\'s login', async () => {
    const statuses = await pier.admin<PolicyStatusEntry[]>('/statuses');
    const accepted = (name: string): Condition | undefined => statuses.find((e) => e.kind === 'SecurityPolicy' && e.name === name)?.status.ancestors[0]?.conditions.find((c) => c.type === 'Accepted');
    for (const name of ['gateway-oidc', 'api-jwt', 'wrong-secret', 'api-listener-jwt', 'web-login']) assert.deepEqual([accepted(name)?.status, accepted(name)?.reason], ['True', 'Accepted'], name);
    const broken = accepted('broken');
    assert.deepEqual([broken?.status, broken?.reason], ['False', 'Invalid']);
    assert.match(broken?.message ?? '', /spec\.oidc\.clientSecretRef: Secret default\/nope not found \(ResolvedRefs\)/);
    assert.equal((await get(new Browser(ca), '/broken')).status, 302);
  });

  test('the client secret and the HMAC key are in no admin output and no log line', async () => {
    const hmac = derivedHmacSecret(CLIENT_SECRET, `${NAMESPACE}/gateway-oidc`);
    for (const endpoint of ['/policies', '/xds', '/ir', '/statuses']) {
      const text = JSON.stringify(await pier.admin(endpoint));
      assert.ok(!text.includes(CLIENT_SECRET), `${endpoint}: no client secret`);
      assert.ok(!text.includes(hmac), `${endpoint}: no HMAC key`);
      if (endpoint === '/policies') assert.ok(text.includes(CLIENT_ID) && text.includes('[redacted]'), '/policies shows the login, its secrets redacted');
    }
    const logs = JSON.stringify(pier.logs) + pier.stderr.join('');
    assert.ok(!logs.includes(CLIENT_SECRET) && !logs.includes(hmac), 'no secret in Pier\'s logs');
  });
});
