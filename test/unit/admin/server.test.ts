import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AdminServer, splitHostPort } from '../../../src/admin/server';
import { silentLogger } from '../../../src/logging/logger';
import { httpRequest } from '../../helpers/net';

test('health, readiness, views, and clear errors', async () => {
  let ready = false;
  const admin = new AdminServer({
    readiness: () => ({ ready, waitingFor: ready ? [] : ['first configuration read'] }),
    views: {
      things: (q) => ({ filter: q.get('gateway') }),
      broken: () => { throw new Error('view failed'); },
    },
  }, silentLogger());
  const port = await admin.listen('127.0.0.1:0');
  const url = (p: string) => `http://127.0.0.1:${port}${p}`;
  try {
    assert.equal((await httpRequest(url('/healthz'))).status, 200);
    const notReady = await httpRequest(url('/readyz'));
    assert.equal(notReady.status, 503);
    assert.deepEqual(JSON.parse(notReady.body).waitingFor, ['first configuration read']);
    ready = true;
    assert.equal((await httpRequest(url('/readyz'))).status, 200);
    assert.deepEqual(JSON.parse((await httpRequest(url('/things?gateway=default/edge'))).body), { filter: 'default/edge' });
    assert.deepEqual(JSON.parse((await httpRequest(url('/'))).body).endpoints, ['/healthz', '/readyz', '/things', '/broken']);
    assert.equal((await httpRequest(url('/nope'))).status, 404);
    assert.equal((await httpRequest(url('/things'), { method: 'POST' })).status, 405);
    const broken = await httpRequest(url('/broken'));
    assert.equal(broken.status, 500);
    assert.equal(JSON.parse(broken.body).error, 'view failed');
  } finally {
    await admin.close();
  }
});

test('addresses are host:port', () => {
  assert.deepEqual(splitHostPort('127.0.0.1:19000'), { host: '127.0.0.1', port: 19000 });
  assert.deepEqual(splitHostPort('[::1]:19000'), { host: '::1', port: 19000 });
  assert.deepEqual(splitHostPort(':19000'), { host: '0.0.0.0', port: 19000 });
  assert.throws(() => splitHostPort('localhost'), /expected host:port/);
  assert.throws(() => splitHostPort('h:99999'), /out of range/);
});

test('every answer passes the private-key filter, errors included', async () => {
  const { createCertificateAuthority } = await import('../../../src/security/pki');
  const { keyPem } = await createCertificateAuthority('admin test');
  const line = keyPem.trim().split('\n')[3] as string;
  const admin = new AdminServer({
    readiness: () => ({ ready: true, waitingFor: [] }),
    views: {
      leaky: () => ({ nested: [{ key: keyPem }], encoded: Buffer.from(keyPem).toString('base64') }),
      failing: () => { throw new Error(`cannot use ${keyPem}`); },
    },
  }, silentLogger());
  const port = await admin.listen('127.0.0.1:0');
  try {
    for (const p of ['/leaky', '/failing']) {
      const r = await httpRequest(`http://127.0.0.1:${port}${p}`);
      assert.ok(r.body.includes('[redacted]'), r.body);
      assert.ok(!r.body.includes(line) && !r.body.includes(Buffer.from(keyPem).toString('base64').slice(60, 120)), `${p} leaks the key`);
    }
  } finally {
    await admin.close();
  }
});
