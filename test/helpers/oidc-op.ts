/**
 * A real OpenID Provider for end-to-end tests: test/tools/oidc-op (the OP of
 * github.com/zitadel/oidc/v3 with its example login form and in-memory users), built once by
 * scripts/build-oidc-op.mjs (pinned, from the Go module proxy) into ~/.cache/pier/oidc-op-<version>/.
 * Each instance serves HTTPS on a 127.0.0.1 port the test picks, as https://localhost:<port>/,
 * with a certificate the test gives and one confidential web client the test registers.
 */
import { writeFileSync } from 'node:fs';
import * as https from 'node:https';
import * as path from 'node:path';
import { freePort } from './net';
import { ServiceProcess } from './service-process';
import { requireBuiltBinary } from './tools';

/** The OP binary; builds it (pinned, cached) when it is not there yet. */
export function requireOidcProvider(): string {
  return requireBuiltBinary('build-oidc-op.mjs', 'the OpenID Provider');
}

export interface OidcProviderOptions {
  /** Directory for the certificate files. */
  dir: string;
  /** A certificate for "localhost" (PEM) and its key. */
  cert: string;
  key: string;
  /** The CA that issued cert (PEM): how the test trusts the OP. */
  ca: string;
  clientID: string;
  clientSecret: string;
  redirectURIs: string[];
}

/** The example store's user: username test-user@<issuer host>. */
export const OP_USER = { username: 'test-user@localhost', password: 'verysecure' } as const;

export class OidcProvider {
  private constructor(readonly process: ServiceProcess, readonly issuer: string) {}

  static async start(o: OidcProviderOptions): Promise<OidcProvider> {
    const bin = requireOidcProvider();
    const port = await freePort('127.0.0.1');
    const issuer = `https://localhost:${port}/`;
    const certFile = path.join(o.dir, 'op.crt');
    const keyFile = path.join(o.dir, 'op.key');
    writeFileSync(certFile, o.cert);
    writeFileSync(keyFile, o.key, { mode: 0o600 });
    const args = ['-addr', `127.0.0.1:${port}`, '-issuer', issuer, '-cert', certFile, '-key', keyFile, '-client-id', o.clientID, '-client-secret', o.clientSecret, ...o.redirectURIs.flatMap((u) => ['-redirect-uri', u])];
    const proc = ServiceProcess.spawn('oidc-op', bin, args);
    await proc.waitReady('discovery document served', async () => {
      const doc = await getJson(`${issuer}.well-known/openid-configuration`, o.ca).catch(() => undefined);
      return doc !== undefined;
    });
    return new OidcProvider(proc, issuer);
  }

  stop(): Promise<void> {
    return this.process.stop();
  }
}

function getJson(url: string, ca: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { ca, agent: false, timeout: 2000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => { body += c; });
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(`${url}: ${res.statusCode}`))));
    });
    req.on('timeout', () => req.destroy(new Error(`${url} timed out`)));
    req.on('error', reject);
  });
}
